/** The program interface's version (docs/decisions.md, docs/changelog.md): 1.1 added the events feed, 1.2 the person's preferredLanguage. Not the package's. */
export const interfaceVersion = '1.2'
