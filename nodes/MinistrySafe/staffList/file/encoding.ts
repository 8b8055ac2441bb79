// A staff list file's bytes as text, in the encodings Excel and HR systems save CSV in: UTF-8 with or without a byte
// order mark (Excel's "CSV UTF-8", most web exports), UTF-16 with one (Excel's "Unicode Text", little endian), and the
// Windows code page (Excel's plain "CSV (Comma delimited)" on Windows, Windows-1252 in the Americas and Western Europe).
// 'File Encoding' (Sync's 'Options') names one; Automatic reads the byte order mark, and bytes that are not UTF-8 as
// Windows-1252. Its values are those n8n's Extract From File offers for the same encodings.

/** 'File Encoding': Automatic, or the encoding the file is saved in (Extract From File's values). */
export type FileEncoding = 'auto' | 'utf8' | 'utf16le' | 'utf16be' | 'windows1252';

/** 'File Encoding''s choices, in the editor's (alphabetical) order. */
export const FILE_ENCODINGS: Array<{ name: string; value: FileEncoding; description: string }> = [
	{ name: 'Automatic', value: 'auto', description: "From the marker Excel puts at the start of the file, else 'UTF-8' or 'Windows-1252'" },
	{ name: 'UTF-16 BE', value: 'utf16be', description: "Rarely needed: try it when 'UTF-16 LE' shows unreadable text" },
	{ name: 'UTF-16 LE', value: 'utf16le', description: "As Excel saves 'Unicode Text'" },
	{ name: 'UTF-8', value: 'utf8', description: "As Excel saves 'CSV UTF-8', and most web exports" },
	{ name: 'Windows-1252', value: 'windows1252', description: "Western European, as Excel on Windows saves 'CSV (Comma delimited)'" },
];

/** TextDecoder's label for each Unicode encoding. */
const DECODER_LABELS = { utf8: 'utf-8', utf16le: 'utf-16le', utf16be: 'utf-16be' } as const;

/**
 * Windows-1252's characters for the bytes 0x80-0x9F (https://encoding.spec.whatwg.org/index-windows-1252.txt); every
 * other byte is the character of its own number. Node 20's TextDecoder('windows-1252') reads these bytes as Latin-1's
 * control characters (n8n 2.8 runs on it), so the node reads them itself.
 */
const WINDOWS_1252_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

function decodeWindows1252(buffer: Uint8Array): string {
	return Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength)
		.toString('latin1')
		.replace(/[\u0080-\u009F]/g, (char) => WINDOWS_1252_80_9F[char.charCodeAt(0) - 0x80]);
}

/** The byte order marks, longest first: the one a file starts with says its encoding. */
const BYTE_ORDER_MARKS: Array<{ encoding: 'utf8' | 'utf16le' | 'utf16be'; bytes: number[] }> = [
	{ encoding: 'utf8', bytes: [0xef, 0xbb, 0xbf] },
	{ encoding: 'utf16le', bytes: [0xff, 0xfe] },
	{ encoding: 'utf16be', bytes: [0xfe, 0xff] },
];

const startsWith = (buffer: Uint8Array, bytes: number[]) => bytes.every((byte, index) => buffer[index] === byte);

/** The encoding whose byte order mark the file starts with. */
function markedEncoding(buffer: Uint8Array): 'utf8' | 'utf16le' | 'utf16be' | undefined {
	return BYTE_ORDER_MARKS.find(({ bytes }) => startsWith(buffer, bytes))?.encoding;
}

/** Whether the bytes are UTF-8 (a decoder that refuses what is not). */
function isUtf8(buffer: Uint8Array): boolean {
	try {
		new TextDecoder('utf-8', { fatal: true }).decode(buffer);
		return true;
	} catch {
		return false;
	}
}

/** The encoding a file is read in: the one chosen, or (Automatic) its byte order mark's, UTF-8, or Windows-1252. */
export function encodingOf(buffer: Uint8Array, chosen: FileEncoding): Exclude<FileEncoding, 'auto'> {
	if (chosen !== 'auto') return chosen;
	return markedEncoding(buffer) ?? (isUtf8(buffer) ? 'utf8' : 'windows1252');
}

/**
 * The file as text, without a byte order mark; undefined when its bytes are not text in the Unicode encoding chosen for
 * it (the file is refused); in Windows-1252, the five bytes it leaves unassigned become control characters, which the file's
 * check of its cells refuses (rows.ts): a name is never written with them. Automatic reads bytes that are not UTF-8 as
 * Windows-1252, so a replacement character in its text was in the file itself: what another system lost (named with
 * the row, row/lostCharacters.ts).
 */
export function decodeFile(buffer: Uint8Array, chosen: FileEncoding): string | undefined {
	const encoding = encodingOf(buffer, chosen);
	if (encoding === 'windows1252') return decodeWindows1252(buffer);
	try {
		// TextDecoder drops a byte order mark of its own encoding (ignoreBOM false).
		return new TextDecoder(DECODER_LABELS[encoding], { fatal: true }).decode(buffer);
	} catch {
		return undefined;
	}
}
