// The templates' canvases as the editor draws them: a sticky note is read before anything is set up, so no node may lie
// on one (a node drawn over a note hides its text). n8n draws a node as a 100 x 100 box at its position; a sticky note
// as its own width and height (240 x 160 unless set).
import { exampleWorkflows } from '../../scripts/n8n-runtime';

const STICKY_NOTE = 'n8n-nodes-base.stickyNote';
const NODE_SIZE = 100;

interface Box {
	name: string;
	left: number;
	top: number;
	right: number;
	bottom: number;
}

function boxOf(node: Record<string, unknown>): Box {
	const [left, top] = node.position as [number, number];
	const parameters = (node.parameters ?? {}) as { width?: number; height?: number };
	const sticky = node.type === STICKY_NOTE;
	const width = sticky ? (parameters.width ?? 240) : NODE_SIZE;
	const height = sticky ? (parameters.height ?? 160) : NODE_SIZE;
	return { name: String(node.name), left, top, right: left + width, bottom: top + height };
}

const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe.each(exampleWorkflows().map((workflow) => ({ id: workflow.id, workflow })))('the template $id', ({ workflow }) => {
	it('has no node lying on a sticky note', () => {
		const notes = workflow.nodes.filter((node) => node.type === STICKY_NOTE).map(boxOf);
		const nodes = workflow.nodes.filter((node) => node.type !== STICKY_NOTE).map(boxOf);
		const covered = notes.flatMap((note) => nodes.filter((node) => overlap(note, node)).map((node) => `${node.name} lies on ${note.name}`));
		expect(covered).toEqual([]);
	});
});
