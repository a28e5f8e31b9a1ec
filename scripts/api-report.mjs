// The public surface of every runtime package, as API reports (@microsoft/api-extractor) kept in
// <its folder>/api/ (packages/<name>/ or packages/adapters-http/<name>/): `npm run api-report` checks that the built declarations (tsc -b) still match
// them, and fails naming each package whose surface changed; `npm run api-report -- --update`
// rewrites them, so that a change of surface is a reviewed diff.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';
import { workspaceFolders } from './workspaces.mjs';

const root = resolve(import.meta.dirname, '..');
const update = process.argv.includes('--update');

/** Each runtime package's entry points: its `exports` with types, "." and subpaths. */
function entries(dir) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  if (pkg.private || !pkg.exports) return [];
  return Object.entries(pkg.exports)
    .filter(([, target]) => typeof target === 'object' && target.types)
    .map(([subpath, target]) => ({ name: pkg.name, subpath, types: join(dir, target.types) }));
}

const packages = [...workspaceFolders()].filter(([name]) => name !== 'devkit').flatMap(([name, folder]) => entries(join(root, folder)).map((e) => ({ ...e, dir: join(root, folder), folder: name })));

const changed = [];
for (const { name, subpath, types, dir, folder } of packages) {
  if (!existsSync(types)) throw new Error(`${types} is missing: build first (tsc -b)`);
  const file = subpath === '.' ? folder : `${folder}-${subpath.replace(/^\.\//, '').replaceAll('/', '-')}`;
  mkdirSync(join(dir, 'api'), { recursive: true });
  const config = ExtractorConfig.prepare({
    configObject: {
      projectFolder: dir,
      mainEntryPointFilePath: types,
      compiler: { tsconfigFilePath: join(dir, 'tsconfig.json') },
      apiReport: { enabled: true, reportFileName: `${file}.api.md`, reportFolder: join(dir, 'api'), reportTempFolder: join(root, '.kassa/api-report') },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        extractorMessageReporting: { default: { logLevel: 'none' } },
        tsdocMessageReporting: { default: { logLevel: 'none' } },
      },
    },
    configObjectFullPath: join(dir, 'api-extractor.json'),
    packageJsonFullPath: join(dir, 'package.json'),
  });
  const errors = [];
  const result = Extractor.invoke(config, {
    localBuild: update,
    // Its own notes (the bundled compiler's version, "API report changed") are this script's to say.
    messageCallback: (m) => {
      m.handled = true;
      if (m.logLevel === 'error') errors.push(m.text);
    },
  });
  if (result.apiReportChanged) changed.push(`${name}${subpath === '.' ? '' : subpath.slice(1)}`);
  // A changed report is an error of the check only; any other error is the tool's, named.
  const own = errors.filter((text) => !/API report|api-extractor --local/i.test(text));
  if (own.length > 0) throw new Error(`${name}${subpath.slice(1)}: api-extractor: ${own.join('; ')}`);
}
if (changed.length > 0 && !update) {
  console.error(`The public surface changed: ${changed.join(', ')}. Review the diff (npm run api-report -- --update writes it to each package's api/ folder) and commit it.`);
  process.exit(1);
}
console.log(`${packages.length} API reports ${update ? 'written' : 'match'}${update && changed.length > 0 ? ` (changed: ${changed.join(', ')})` : ''}`);
