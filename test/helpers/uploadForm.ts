// The upload template's form answers, as its Form Trigger offers them (examples/upload-staff-list.json): one place for
// the fast tests of its pages and the end-to-end runs of its form.

/** "Who is on the list?" */
export const EMPLOYEES = 'Employees only';
export const VOLUNTEERS = 'Volunteers only';
export const BY_COLUMN = 'Employees and volunteers: the file says which';
/** "What should happen?" */
export const DRY_RUN = 'Show what would change';
export const APPLY = 'Apply the changes';
