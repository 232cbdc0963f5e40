/**
 * First-load JavaScript of the member and catalog home pages (DESIGN §6: at most 150 KB gzipped), from the
 * build's manifest: the entry chunk and the page's route chunks (layout + page) with every chunk they import
 * statically, each gzipped. This is what a signed-in member's browser fetches before the page can paint,
 * without needing a browser session; the lazy chunks a page loads later (the player, hls.js) are not counted.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Figure } from './support';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const PAGES: Record<string, string[]> = {
  '/catalog/:teamId': ['src/routes/catalog/catalog-layout.tsx', 'src/features/member-videos/pages/catalog-home-page.tsx'],
  '/user/:teamId': ['src/routes/user/user-layout.tsx', 'src/features/member-videos/pages/home-page.tsx'],
  '/login/:teamId': ['src/routes/public/public-layout.tsx', 'src/features/member-auth/pages/member-login-page.tsx'],
};

export function firstLoadFigures(distDir = 'web/dist'): Figure[] {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('No entry in the web manifest');
  const gz = (file: string) => gzipSync(readFileSync(join(distDir, file))).length;
  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (k: string) => {
      if (seen.has(k)) return;
      const chunk = manifest[k];
      if (!chunk) throw new Error(`${k} is not in the web manifest (renamed route file?)`);
      seen.add(k);
      for (const i of chunk.imports ?? []) visit(i);
    };
    keys.forEach(visit);
    return seen;
  };
  const rows: Figure[] = [];
  for (const [path, modules] of Object.entries(PAGES)) {
    const chunks = closure([entry, ...modules]);
    const js = [...chunks].reduce((sum, k) => sum + gz(manifest[k].file), 0);
    const css = new Set([...chunks].flatMap((k) => manifest[k].css ?? []));
    const cssBytes = [...css].reduce((sum, f) => sum + gz(f), 0);
    rows.push([`first-load JS of ${path} (gzipped, from the build manifest)`, `${(js / 1024).toFixed(1)} KB`, '<= 150 KB']);
    rows.push([`first-load CSS of ${path} (gzipped)`, `${(cssBytes / 1024).toFixed(1)} KB`, '']);
  }
  return rows;
}
