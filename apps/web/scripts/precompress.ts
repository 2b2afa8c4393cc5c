// Writes file.br and file.gz beside every compressible file of the build, at the highest levels, once: the server
// (@fastify/static, preCompressed) sends them as they are instead of compressing each answer on the fly.
// usage (in apps/web, after vite build and the pre-render): node --import tsx scripts/precompress.ts [distDir]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', process.argv[2] ?? 'dist');
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.map', '.webmanifest']);
// Below this, headers outweigh what compression saves (the server's own threshold is the same).
const MIN_BYTES = 1024;

const files = fs.readdirSync(dist, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
let compressed = 0;
let raw = 0;
let br = 0;
for (const entry of files) {
  const file = path.join(entry.parentPath, entry.name);
  if (!COMPRESSIBLE.has(path.extname(file))) continue;
  const content = fs.readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  const brotli = zlib.brotliCompressSync(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gzip = zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, gzip);
  compressed += 1;
  raw += content.length;
  br += brotli.length;
}
console.log(
  `precompress: ${compressed} files in ${path.relative(process.cwd(), dist) || '.'}, ${(raw / 1024).toFixed(0)} kB → ${(br / 1024).toFixed(0)} kB brotli`,
);
