// Every map of ours in a running n8n, read through its inspector without touching the node code: our dist modules
// in n8n's require.cache, the module-level variables their exported functions close over (V8's [[Scopes]]), and of
// those each Map, Set, WeakMap and WeakSet with its number of entries after a full collection. A map added to the
// package later is found the same way. Also the live instances of the transport's Scheduler (one per node run).
import { PACKAGE_NAME, REPO_DIR } from '../../n8n-runtime';
import type { Inspector, RemoteObject } from '../inspector';

const COLLECTIONS = new Set(['map', 'set', 'weakmap', 'weakset']);

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

/** Entries of a collection: its size, or for a weak one the [[Entries]] V8 still holds (after a full collection). */
async function entries(inspector: Inspector, collection: RemoteObject & { subtype?: string }): Promise<number> {
	const objectId = collection.objectId as string;
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
}

export interface OurMaps {
	/** Entries of each map of ours, by "<module>: <variable>". */
	sizes: Record<string, number>;
	/** Live instances of the transport's Scheduler. */
	schedulers: number;
	/** Our modules n8n has loaded (none would mean the reading is wrong, not that all is well). */
	modules: number;
}

export async function readOurMaps(inspector: Inspector): Promise<OurMaps> {
	await inspector.call('HeapProfiler.collectGarbage');
	const files = await inspector.evaluate<string[]>(OUR_MODULES);
	const sizes: Record<string, number> = {};
	let schedulerPrototype: string | undefined;
	for (const file of files) {
		const module = file.slice(file.lastIndexOf('/dist/') + '/dist/'.length).replace(/\.js$/, '');
		const exportsHandle = await inspector.handle(`require.cache[${JSON.stringify(file)}].exports`);
		const exported = (await properties(inspector, exportsHandle)).result;
		const seen = new Set<string>();
		const note = async (name: string, value: PropertyDescriptor['value']) => {
			const key = `${module}: ${name}`;
			if (!value?.subtype || !COLLECTIONS.has(value.subtype) || seen.has(key)) return;
			seen.add(key);
			sizes[key] = await entries(inspector, value);
		};
		for (const property of exported) {
			await note(property.name, property.value);
			if (property.value?.type !== 'function' || !property.value.objectId) continue;
			if (module.endsWith('transport/scheduler') && property.name === 'Scheduler') {
				schedulerPrototype = await inspector.handle(`require.cache[${JSON.stringify(file)}].exports.Scheduler.prototype`);
			}
			// The module's own variables: the closure scopes of a function it defines.
			const scopes = (await properties(inspector, property.value.objectId, false)).internalProperties?.find(
				(internal) => internal.name === '[[Scopes]]',
			)?.value?.objectId;
			if (!scopes) continue;
			for (const scope of (await properties(inspector, scopes)).result) {
				if (!/^\d+$/.test(scope.name) || !scope.value?.objectId || /^Global/.test(scope.value.description ?? '')) continue;
				for (const variable of (await properties(inspector, scope.value.objectId)).result) await note(variable.name, variable.value);
			}
		}
	}
	const schedulers = schedulerPrototype ? await inspector.liveInstances(schedulerPrototype) : 0;
	await inspector.call('Runtime.releaseObjectGroup', { objectGroup: 'bench' });
	return { sizes, schedulers, modules: files.length };
}
