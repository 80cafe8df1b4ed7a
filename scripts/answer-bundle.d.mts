export const GZIP_LEVEL: number;
export const ANSWER_BUDGET_KB: number;
export function gzipKb(file: string): number;
export function staticImports(code: string): string[];
export function dynamicImports(code: string): string[];
export function closure(entries: string[]): Set<string>;
export function pageScripts(dist: string, htmlFile: string): string[];
export function sumKb(files: Iterable<string>): number;
export function builtPageChunks(htmlFile: string): Set<string>;
