/** Which folder below `root` (default src/) imports which, through which module. */
export declare function folderImports(root?: string): Map<string, Map<string, string>>;
/** Every set of folders that reach each other. */
export declare function circles(edges: Map<string, Map<string, string>>): string[][];
