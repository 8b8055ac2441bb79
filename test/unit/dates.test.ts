// A date as staff lists write it (nodes/MinistrySafe/staffList/cells/dates.ts, node version 1.3): each form with the
// public source that writes it so, and what systems write for "no date".
import { cellOf } from '../../nodes/MinistrySafe/staffList/cells/cell';
import { type WrittenDate, writtenDate } from '../../nodes/MinistrySafe/staffList/cells/dates';
import { isoDate } from '../../nodes/shared/values';

/** A written date as ISO days: one, two by order, 'no date', or undefined when unreadable. */
function read(value: unknown): unknown {
	const date: WrittenDate | undefined = writtenDate(cellOf(value) as NonNullable<ReturnType<typeof cellOf>>);
	if (date === undefined || date === 'no date') return date;
	if ('byOrder' in date) return { 'month first': isoDate(date.byOrder['month first']), 'day first': isoDate(date.byOrder['day first']) };
	return date.proves ? { day: isoDate(date.day), proves: date.proves } : isoDate(date.day);
}

const EXCEL_SERIALS = "Excel's serial days, as n8n's Extract From File gives a workbook's dates (SheetJS sheet_to_json, raw): day 25569 is 1970-01-01 (https://learn.microsoft.com/en-us/office/troubleshoot/excel/1900-and-1904-date-system)";
const SQL_SERVER = "SQL Server's datetime for an empty string, and Dynamics GP's no date: 1900-01-01 (https://learn.microsoft.com/en-us/sql/t-sql/data-types/datetime-transact-sql)";
const OLE = 'Excel and Access (OLE Automation) day 0: 12/30/1899 (https://learn.microsoft.com/en-us/dotnet/api/system.datetime.tooadate)';

describe('a written date: its day, two days by order, or no date', () => {
	test.each<[unknown, unknown, string]>([
		['2026-11-28', '2026-11-28', 'ISO'],
		['2026-11-28T00:00:00Z', '2026-11-28', 'ISO date-time (Microsoft Graph, OneRoster)'],
		['11/28/2026', { day: '2026-11-28', proves: 'month first' }, 'a US date proves its order: 28 is no month'],
		['28/11/2026', { day: '2026-11-28', proves: 'day first' }, 'a UK, Canadian or Australian date proves its order'],
		['03/04/2026', { 'month first': '2026-03-04', 'day first': '2026-04-03' }, 'either: the list proves which (TeamSnap: MM/DD/YYYY in the US, DD/MM/YYYY in Canada)'],
		['04/04/2026', '2026-04-04', 'the same day both ways'],
		['3/15/2026 12:00:00 AM', { day: '2026-03-15', proves: 'month first' }, 'Rock RMS writes a time after the day'],
		['28.11.2026', '2026-11-28', 'day first with dots'],
		['Nov 28, 2026', '2026-11-28', 'a month name'],
		['28-Nov-26', '2026-11-28', "Excel's two-digit years"],
		['20261128', '2026-11-28', 'yyyyMMdd (Servant Keeper)'],
		[46096, '2026-03-15', EXCEL_SERIALS],
		['46096', '2026-03-15', EXCEL_SERIALS + ', written into a CSV'],
		[46096.5, '2026-03-15', 'a serial day with a time'],
		[0, 'no date', 'Excel day 0 (an empty date cell, shown 1/0/1900)'],
		[1, 'no date', 'Excel day 1 (1/1/1900)'],
		['1900-01-01', 'no date', SQL_SERVER],
		['1/1/1900', 'no date', SQL_SERVER + ', written month first'],
		['12/30/1899', 'no date', OLE],
		['0001-01-01', 'no date', '.NET DateTime.MinValue'],
		['1753-01-01', 'no date', "SQL Server datetime's first day"],
		['0000-00-00', 'no date', 'BambooHR (https://documentation.bamboohr.com/docs/field-types)'],
		['00/00/0000', 'no date', 'the same, written with slashes'],
		['9999-12-31', '9999-12-31', 'an open end, as effective-dated systems write it: a day to come'],
		['2026', undefined, 'a year alone is no day'],
		[12_000, undefined, 'a small number is no day of a staff list (Excel day 12000 is 1932)'],
		['1850-06-01', undefined, 'a day before 1901 is no day of a staff list'],
		['1/1950', undefined, "Raiser's Edge's partial dates"],
		['TBD', undefined, 'words'],
		['2026-02-30', undefined, 'no such day'],
	])('%j: %j (%s)', (value, expected) => {
		expect(read(value)).toEqual(expected);
	});
});
