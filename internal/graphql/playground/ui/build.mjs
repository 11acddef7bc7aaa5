// Bundles GraphiQL (src/main.js and its stylesheet) with esbuild into one
// minified script and one stylesheet under ../dist, named by a hash of
// their content, with the third-party licences beside them:
//
//   node build.mjs          writes ../dist (removing what was there)
//   node build.mjs --check  builds in memory; fails unless ../dist holds
//                           exactly that
//
// It fails too if the bundle holds a URL of another host that is not in
// the reviewed list below, or the stylesheet a url() that is not data:.
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', 'dist');
const check = process.argv.includes('--check');

// Every http(s) URL the script holds, and why none is fetched: the page
// loads nothing but its own two files and POSTs to the endpoint; the CSP
// (connect-src 'self', img-src 'self' data:) would refuse the rest anyway.
const reviewedURLs = new Map([
  ['http://www.w3.org/2000/svg', 'XML namespace (React, SVG icons)'],
  ['http://www.w3.org/1999/xlink', 'XML namespace (React)'],
  ['http://www.w3.org/XML/1998/namespace', 'XML namespace (React)'],
  ['http://www.w3.org/1998/Math/MathML', 'XML namespace (React)'],
  ['https://react.dev/errors/', "text of React's minified error messages"],
  ['https://en.wikipedia.org/wiki/IEEE_floating_point', "the Float scalar's description (graphql-js)"],
  ['https://commonmark.org/', "the String scalar's description (graphql-js)"],
  ['https://codemirror.net/5/doc/manual.html#keymaps', 'a link in the short-keys dialog, opened by a click'],
  ['https://github.com/graphql/graphiql', "the GraphiQL logo's link, opened by a click"],
  ['https://yarnpkg.com/en/docs/selective-version-resolutions', "graphql-js's message when two copies of it meet"],
  ['http://', 'markdown-it and linkify-it: the scheme given to a link found in a description, rendered as <a>'],
  ['http://${t.url}', 'the same, in linkify-it'],
]);

// styleSingleton swaps react-style-singleton's <style>-making module for
// src/style-singleton.js (see there); swapped counts that it happened.
let swapped = 0;
const styleSingleton = {
  name: 'style-singleton',
  setup(build) {
    build.onLoad({ filter: /[\\/]react-style-singleton[\\/]dist[\\/]es(5|2015)[\\/]singleton\.js$/ }, () => {
      swapped++;
      return { contents: readFileSync(join(here, 'src', 'style-singleton.js'), 'utf8'), loader: 'js' };
    });
  },
};

const result = await esbuild.build({
  plugins: [styleSingleton],
  absWorkingDir: here,
  entryPoints: ['src/main.js'],
  bundle: true,
  minify: true,
  format: 'iife',
  target: ['es2022'],
  define: { 'process.env.NODE_ENV': '"production"' },
  // Imported by the toolkit only for subscriptions over a subscriptionUrl,
  // which this page never sets (Kiln serves no subscriptions).
  external: ['graphql-ws'],
  legalComments: 'none', // the licences are written to THIRD_PARTY_LICENSES.txt
  outdir: 'out',
  entryNames: 'graphiql',
  write: false,
  metafile: true,
  logLevel: 'warning',
});

let js, css;
for (const f of result.outputFiles) {
  if (f.path.endsWith('.js')) js = Buffer.from(f.contents);
  else if (f.path.endsWith('.css')) css = Buffer.from(f.contents);
}
if (!js || !css) throw new Error('esbuild made no script or no stylesheet');

// GraphiQL's webfonts are data: URLs in its stylesheet; src/page.css names
// the system's fonts instead.
const fonts = css.toString('utf8').match(/@font-face\{[^}]*\}/g) || [];
css = Buffer.from(css.toString('utf8').replace(/@font-face\{[^}]*\}/g, ''), 'utf8');

const problems = [];
if (swapped !== 1) problems.push(`react-style-singleton's singleton.js was swapped ${swapped} times, not once (build.mjs)`);
// No <style> element may be made at run time: the CSP refuses them. The
// one React DOM holds is for a <style precedence=...> a component renders,
// which GraphiQL does not.
for (const m of js.toString('utf8').matchAll(/createElement\(\s*["'`]style["'`]/g)) {
  const around = js.toString('utf8').slice(Math.max(0, m.index - 120), m.index + 40);
  if (!/precedence/.test(around)) problems.push(`the script makes a <style> element: ${around}`);
}
for (const m of css.toString('utf8').matchAll(/url\(\s*["']?([^"')]*)/g)) {
  if (!m[1].startsWith('data:image/')) problems.push(`the stylesheet loads ${m[1].slice(0, 80)}`);
}
const seen = new Map();
for (const m of js.toString('utf8').matchAll(/https?:\/\/[^\s"'`<>)\\]*/g)) {
  const url = m[0];
  if (reviewedURLs.has(url)) seen.set(url, true);
  else problems.push(`the script holds ${url}, not reviewed (build.mjs)`);
}
if (problems.length) {
  console.error([...new Set(problems)].join('\n'));
  process.exit(1);
}

const hash = (b) => createHash('sha256').update(b).digest('hex').slice(0, 12);
const files = new Map([
  [`graphiql.${hash(js)}.js`, js],
  [`graphiql.${hash(css)}.css`, css],
  ['THIRD_PARTY_LICENSES.txt', Buffer.from(licences(result.metafile), 'utf8')],
]);

if (check) {
  const have = existsSync(dist) ? readdirSync(dist).sort() : [];
  const want = [...files.keys()].sort();
  let ok = JSON.stringify(have) === JSON.stringify(want);
  for (const [name, body] of files) {
    if (ok && !readFileSync(join(dist, name)).equals(body)) ok = false;
  }
  if (!ok) {
    console.error(`internal/graphql/playground/dist is not what ui/ builds (have ${have.join(', ')}; want ${want.join(', ')}): run npm run build in internal/graphql/playground/ui and commit dist/`);
    process.exit(1);
  }
  console.log('internal/graphql/playground/dist is what ui/ builds');
} else {
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(dist, { recursive: true });
  for (const [name, body] of files) writeFileSync(join(dist, name), body);
}
for (const [name, body] of files) {
  const gz = (await import('node:zlib')).gzipSync(body, { level: 9 }).length;
  console.log(`${name}\t${body.length} bytes\t${gz} gzipped`);
}
console.log(`${fonts.length} @font-face rules dropped; ${seen.size} reviewed URLs in the script, none fetched`);
for (const url of reviewedURLs.keys()) {
  if (!seen.has(url)) console.log(`(build.mjs reviews ${url}, no longer in the script)`);
}

// licences lists every package the script is made of, with its licence
// text, for the notices MIT and its kin ask to travel with the code.
function licences(metafile) {
  const pkgs = new Map();
  for (const input of Object.keys(metafile.inputs)) {
    const m = input.match(/^(.*node_modules\/((?:@[^/]+\/)?[^/]+))\//);
    if (m) pkgs.set(m[1], join(here, m[1])); // a folder each: two versions of a package are two entries
  }
  const out = ['Third-party software in the GraphiQL bundle (graphiql.*.js, graphiql.*.css),',
    'made by internal/graphql/playground/ui/build.mjs.', ''];
  const list = [...pkgs.values()].map((dir) => ({ dir, pkg: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }));
  const key = ({ pkg }) => `${pkg.name}@${pkg.version}`;
  list.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)); // not localeCompare: the same on every machine
  for (const { dir, pkg } of list) {
    out.push('='.repeat(72), `${pkg.name}@${pkg.version} (${pkg.license || 'no licence field'})`, '');
    const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(f));
    out.push(file ? readFileSync(join(dir, file), 'utf8').trim() : `(the package ships no licence file; its package.json names ${pkg.license})`, '');
  }
  return out.join('\n');
}
