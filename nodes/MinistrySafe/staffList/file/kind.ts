// Which kind of file a staff list is: CSV (or tab-separated, or text), JSON, or a spreadsheet Sync cannot read. A
// workbook's bytes say so whatever its name, and so does a spreadsheet's name; otherwise the name decides before the
// MIME type, because browsers on Windows with Excel installed send a .csv upload as application/vnd.ms-excel (the
// registry's type for .csv), and servers send CSV downloads so too. A file that says nothing is JSON when it starts
// like JSON, and CSV otherwise.
import type { IBinaryData } from 'n8n-workflow';

export type FileKind = 'csv' | 'json' | 'spreadsheet';

const EXTENSIONS: Record<string, FileKind> = {
	csv: 'csv',
	tsv: 'csv',
	tab: 'csv',
	txt: 'csv',
	json: 'json',
	xlsx: 'spreadsheet',
	xlsm: 'spreadsheet',
	xlsb: 'spreadsheet',
	xls: 'spreadsheet',
	ods: 'spreadsheet',
	numbers: 'spreadsheet',
};

/** A ZIP container (Excel's .xlsx, OpenDocument's .ods) or a Compound File (Excel 97-2003's .xls). */
function isWorkbook(buffer: Uint8Array): boolean {
	const starts = (bytes: number[]) => bytes.every((byte, index) => buffer[index] === byte);
	return starts([0x50, 0x4b, 0x03, 0x04]) || starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
}

/** A spreadsheet's MIME type says nothing more: its bytes say whether it is one (servers send CSV as ms-excel too). */
function kindOfMimeType(mimeType: string): FileKind | undefined {
	if (/csv|tab-separated-values/.test(mimeType)) return 'csv';
	if (/json/.test(mimeType)) return 'json';
	return undefined;
}

/** The file's kind by its bytes, its name and its MIME type; `text` decides when none of them says. */
export function fileKindOf(buffer: Uint8Array, binary: IBinaryData, text: () => string): FileKind {
	if (isWorkbook(buffer)) return 'spreadsheet';
	// The name's own extension first: without a name, n8n gives `fileExtension` from the MIME type ('xls' for ms-excel).
	const named = binary.fileName?.includes('.') ? binary.fileName.split('.').pop() : undefined;
	const extension = (named ?? binary.fileExtension ?? '').toLowerCase();
	const kind = EXTENSIONS[extension] ?? kindOfMimeType((binary.mimeType ?? '').toLowerCase());
	if (kind) return kind;
	return /^\s*[[{]/.test(text()) ? 'json' : 'csv';
}
