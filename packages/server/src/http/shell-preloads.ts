import { reachableChunks, readBuildManifest } from "./build-manifest.ts";

/**
 * The console's and the admin console's layouts are lazy chunks of the SPA (packages/web/src/router.tsx), so
 * a visitor of the public site does not download them. A console page would then learn of its layout only
 * after the shell has run, and ask for its own chunk only after that: the app shell (index.html, as the SPA
 * fallback sends it) names them instead, from the client build's manifest, for the pages that need them.
 */
const CONSOLE_LAYOUT = "src/layouts/console-layout/index.tsx";
const ADMIN_LAYOUT = "src/layouts/admin-layout/index.tsx";

/** Tags to put in the shell's head: for console pages, and for the admin console (/dw…, inside the console). */
export interface ShellPreloads {
  console: string;
  admin: string;
}

/**
 * Modulepreload tags for the layouts' chunks and the chunks they import statically, and style sheet tags for
 * their CSS, leaving out what the shell already names. Empty without a manifest (a build without one, tests).
 */
export function shellPreloads(webDist: string, shell: string): ShellPreloads {
  const manifest = readBuildManifest(webDist);
  if (!manifest) return { console: "", admin: "" };
  const fresh = (href: string) => !shell.includes(`"${href}"`);
  const tagsOf = (entries: string[]) => {
    const chunks = reachableChunks(manifest, entries);
    const sheets = new Set(chunks.flatMap((chunk) => (chunk.css ?? []).map((sheet) => `/${sheet}`)));
    const scripts = new Set(
      chunks.flatMap((chunk) => (chunk.file?.endsWith(".js") ? [`/${chunk.file}`] : [])),
    );
    return [
      ...[...sheets].filter(fresh).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
      ...[...scripts].filter(fresh).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ].join("\n    ");
  };
  return { console: tagsOf([CONSOLE_LAYOUT]), admin: tagsOf([CONSOLE_LAYOUT, ADMIN_LAYOUT]) };
}

/**
 * Which tags a path of the shell needs: the admin console both layouts, the console's pages (/dc/…) the
 * console's; standalone pages (login, receipts, 404) neither. The router matches paths case-insensitively.
 */
export function preloadsFor(pathname: string, preloads: ShellPreloads): string {
  if (/^\/dw(\/|$)/i.test(pathname)) return preloads.admin;
  if (/^\/dc(\/|$)/i.test(pathname)) return preloads.console;
  return "";
}

/** The shell with the tags at the end of its head. */
export function withPreloads(shell: string, tags: string): string {
  if (!tags) return shell;
  const at = shell.indexOf("</head>");
  return at < 0 ? shell : `${shell.slice(0, at)}  ${tags}\n  ${shell.slice(at)}`;
}
