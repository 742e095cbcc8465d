/** Orders text by code unit, as the database's binary (`C`) collation does: for sorts that must agree with an index. */
export const compareText = (a: string, b: string) => a < b ? -1 : a > b ? 1 : 0
