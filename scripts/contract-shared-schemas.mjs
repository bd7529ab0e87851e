#!/usr/bin/env node
/**
 * Post-step of `npm run contract:client` (runs after rtk-query-codegen-openapi, before biome).
 *
 * The codegen writes every component schema an output file needs (ErrorBody, Message, User, …)
 * into that file again, so five files carried the same types. This step moves each component
 * type into one file, shared/src/api/generated/schemas.ts (exported as `@lager/shared/api/schemas`),
 * and lets every generated file import and re-export it instead. The endpoint types stay where the
 * codegen put them, except that the permission union an endpoint repeats inline (GET
 * api/user/permissions) becomes `Permission["name"]`. Deterministic: the same input always gives the same files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = (await import(path.join(root, 'openapi-codegen.config.cjs'))).default;
const document = JSON.parse(fs.readFileSync(path.join(root, config.schemaFile), 'utf8'));
const componentNames = Object.keys(document.components?.schemas ?? {});
const components = new Set(componentNames);

const SCHEMAS_FILE = 'shared/src/api/generated/schemas.ts';
const SCHEMAS_IMPORT = { shared: './schemas', remote: '@lager/shared/api/schemas' };

/** Top-level `export type <component> = …;` statements of one generated file, with their text. */
function componentTypes(source) {
  const file = ts.createSourceFile('generated.ts', source, ts.ScriptTarget.Latest, true);
  return file.statements
    .filter((s) => ts.isTypeAliasDeclaration(s) && components.has(s.name.text))
    .map((s) => ({ name: s.name.text, start: s.getFullStart(), end: s.getEnd(), text: s.getText(file) }));
}

/** The permission names (the Permission component's `name` enum): an inline union of exactly these is that type. */
const permissionNames = new Set(document.components?.schemas?.Permission?.properties?.name?.enum ?? []);

/** Positions of inline unions (with their parentheses) of exactly the permission names, outside the Permission type. */
function permissionUnions(source) {
  const file = ts.createSourceFile('generated.ts', source, ts.ScriptTarget.Latest, true);
  const found = [];
  const literal = (t) => (ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal) ? t.literal.text : null);
  const visit = (node) => {
    if (ts.isTypeAliasDeclaration(node) && node.name.text === 'Permission') return;
    const inner = ts.isParenthesizedTypeNode(node) ? node.type : node;
    if (ts.isUnionTypeNode(inner)) {
      const names = inner.types.map(literal);
      if (names.length === permissionNames.size && names.every((n) => n !== null && permissionNames.has(n))) {
        found.push({ start: node.getStart(file), end: node.getEnd() });
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const collected = new Map();
const outputs = Object.keys(config.outputFiles).map((rel) => path.join(root, rel));
for (const file of outputs) {
  let source = fs.readFileSync(file, 'utf8');
  if (source.includes(SCHEMAS_IMPORT.shared) || source.includes(SCHEMAS_IMPORT.remote)) {
    throw new Error(`${path.relative(root, file)} was already post-processed: run the codegen first`);
  }
  const types = componentTypes(source);
  const unions = permissionNames.size ? permissionUnions(source) : [];
  if (types.length === 0 && unions.length === 0) continue;
  for (const t of types) {
    const known = collected.get(t.name);
    if (known !== undefined && known !== t.text) {
      throw new Error(`component ${t.name} differs between generated files`);
    }
    collected.set(t.name, t.text);
  }
  // Cut (and replace) from the end so earlier offsets stay valid.
  const edits = [
    ...types.map((t) => ({ ...t, text: '' })),
    ...unions.map((u) => ({ ...u, text: 'Permission["name"]' })),
  ];
  for (const e of edits.sort((a, b) => b.start - a.start))
    source = source.slice(0, e.start) + e.text + source.slice(e.end);
  const imported = new Set(types.map((t) => t.name));
  if (unions.length) imported.add('Permission');
  const names = [...imported].sort().join(', ');
  const exported = types
    .map((t) => t.name)
    .sort()
    .join(', ');
  const from = file.startsWith(path.join(root, 'shared')) ? SCHEMAS_IMPORT.shared : SCHEMAS_IMPORT.remote;
  const firstLineEnd = source.indexOf('\n') + 1;
  source = `${source.slice(0, firstLineEnd)}import type { ${names} } from '${from}';\n${source.slice(firstLineEnd)}`;
  const reexport = exported ? `export type { ${exported} };\n` : '';
  const hooks = source.indexOf('\nexport const {');
  source = hooks < 0 ? `${source}${reexport}` : `${source.slice(0, hooks + 1)}${reexport}${source.slice(hooks + 1)}`;
  fs.writeFileSync(file, source);
}

const header =
  '/** Component schemas of contract/openapi.json, written once for every generated endpoint file (scripts/contract-shared-schemas.mjs). */\n';
const body = componentNames
  .filter((name) => collected.has(name))
  .map((name) => collected.get(name))
  .join('\n');
fs.writeFileSync(path.join(root, SCHEMAS_FILE), `${header}${body}\n`);
