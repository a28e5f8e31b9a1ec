/** The repository's root, with a trailing slash. */
export declare const ROOT: string;
/** Short name (after @kassa-payments/) -> folder relative to the root, in the root manifest's order. */
export declare function workspaceFolders(): Map<string, string>;
/** The folder of the workspace package `name` (short, or with its @kassa-payments/ scope). */
export declare function folderOf(name: string): string;
