// Every map of ours in a running n8n, read through its inspector without touching the node code: our dist modules
// in n8n's require.cache, the module-level variables their exported functions close over (V8's [[Scopes]]), and of
// those each Map, Set, WeakMap and WeakSet with its number of entries after a full collection. A map added to the
// package later is found the same way. Also the live instances of the transport's Scheduler (one per node run).
import { PACKAGE_NAME, REPO_DIR } from '../../n8n-runtime';
import type { Inspector, RemoteObject } from '../inspector';

const COLLECTIONS = new Set(['map', 'set', 'weakmap', 'weakset']);
/** The inspector's object group of one reading, released after it. */
const READING = 'soak-reading';

interface PropertyDescriptor {
	name: string;
	value?: RemoteObject & { subtype?: string };
}

interface Properties {
	result: PropertyDescriptor[];
	internalProperties?: PropertyDescriptor[];
}

/** The files of our package as n8n loaded them: installed (node_modules/<package>/dist) or linked (the repository). */
const OUR_MODULES = `Object.keys(require.cache).filter((file) => /[\\\\/]dist[\\\\/](nodes|credentials)[\\\\/].*\\.js$/.test(file)
	&& (file.includes(${JSON.stringify(`${PACKAGE_NAME}/dist/`)}) || file.startsWith(${JSON.stringify(`${REPO_DIR}/dist/`)})))`;

async function properties(inspector: Inspector, objectId: string, ownProperties = true): Promise<Properties> {
	return (await inspector.call('Runtime.getProperties', { objectId, ownProperties })) as unknown as Properties;
}

/**
 * Entries of a collection: its size, or for a weak one the [[Entries]] V8 still holds (after a full collection). What
 * the reading registers goes into a group released at once: a handle left on [[Entries]] would keep the keys alive.
 */
async function entries(inspector: Inspector, collection: RemoteObject & { subtype?: string }): Promise<number> {
	const own = await inspector.call('Runtime.callFunctionOn', {
		objectId: collection.objectId,
		functionDeclaration: 'function () { return this; }',
		objectGroup: READING,
	});
	const objectId = (own.result as RemoteObject).objectId as string;
	try {
		if (collection.subtype === 'map' || collection.subtype === 'set') {
			const size = await inspector.call('Runtime.callFunctionOn', {
				objectId,
				functionDeclaration: 'function () { return this.size; }',
				returnByValue: true,
			});
			return (size.result as RemoteObject).value as number;
		}
		const internal = (await properties(inspector, objectId)).internalProperties ?? [];
		const list = internal.find((property) => property.name === '[[Entries]]')?.value?.objectId;
		if (!list) return 0;
		return (await properties(inspector, list)).result.filter((property) => /^\d+$/.test(property.name)).length;
	} finally {
		await inspector.call('Runtime.releaseObjectGroup', { objectGroup: READING });
	}
}

export interface OurMaps {
	/** Entries of each map of ours, by "<module>: <variable>". */
	sizes: Record<string, number>;
	/** Live instances of the transport's Scheduler. */
	schedulers: number;
	/** Our modules n8n has loaded (none would mean the reading is wrong, not that all is well). */
	modules: number;
}

/** Where our maps are in n8n's heap: handles kept (in their own group) from one search to every reading. */
export interface MapHandles {
	collections: Array<{ name: string; value: RemoteObject & { subtype?: string } }>;
	schedulerPrototype?: string;
	modules: number;
}

const GROUP = 'soak-maps';

/**
 * Finds every map of ours once (it takes many inspector calls): one module-level function of each module is enough,
 * since all closures of a module share its variables' context. Holding a handle on a map keeps nothing else alive.
 */
export async function findOurMaps(inspector: Inspector): Promise<MapHandles> {
	const files = await inspector.evaluate<string[]>(OUR_MODULES);
	const collections: MapHandles['collections'] = [];
	let schedulerPrototype: string | undefined;
	for (const file of files) {
		const module = file.slice(file.lastIndexOf('/dist/') + '/dist/'.length).replace(/\.js$/, '');
		const exportsHandle = await inspector.handle(`require.cache[${JSON.stringify(file)}].exports`, GROUP);
		const exported = (await properties(inspector, exportsHandle)).result;
		const seen = new Set<string>();
		const note = (name: string, value: PropertyDescriptor['value']) => {
			if (!value?.subtype || !COLLECTIONS.has(value.subtype) || seen.has(name)) return;
			seen.add(name);
			collections.push({ name: `${module}: ${name}`, value });
		};
		for (const property of exported) note(property.name, property.value);
		if (module.endsWith('transport/scheduler')) {
			schedulerPrototype = await inspector.handle(`require.cache[${JSON.stringify(file)}].exports.Scheduler.prototype`, GROUP);
		}
		// The module's own variables: the closure scopes of a function it defines (a re-export is a getter, not a value).
		const defined = exported.find((property) => property.value?.type === 'function' && property.value.objectId);
		if (!defined?.value?.objectId) continue;
		const scopes = (await properties(inspector, defined.value.objectId, false)).internalProperties?.find(
			(internal) => internal.name === '[[Scopes]]',
		)?.value?.objectId;
		if (!scopes) continue;
		for (const scope of (await properties(inspector, scopes)).result) {
			if (!/^\d+$/.test(scope.name) || !scope.value?.objectId || /^Global/.test(scope.value.description ?? '')) continue;
			for (const variable of (await properties(inspector, scope.value.objectId)).result) note(variable.name, variable.value);
		}
	}
	return { collections, schedulerPrototype, modules: files.length };
}

/** The entries of every map found, after a full collection, and the live Schedulers. */
export async function readOurMaps(inspector: Inspector, handles: MapHandles): Promise<OurMaps> {
	await inspector.call('HeapProfiler.collectGarbage');
	const sizes: Record<string, number> = {};
	for (const { name, value } of handles.collections) sizes[name] = await entries(inspector, value);
	const schedulers = handles.schedulerPrototype ? await inspector.liveInstances(handles.schedulerPrototype) : 0;
	return { sizes, schedulers, modules: handles.modules };
}
