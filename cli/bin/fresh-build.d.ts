// Types of fresh-build.js (plain JavaScript, run before TypeScript can be), for the benchmarks and tests.
export declare const MANIFEST: string;
export declare const MANIFEST_FORMAT: number;
export declare function checkBuild(dir: string, root: string): { fresh: true; entry: string } | { fresh: false; reason: string };
export declare function sha256(file: string): string;
