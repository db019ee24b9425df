// Reads the interfaces of an installed SDK's .d.ts so a contract check says exactly what the SDK's own typings
// require: every non-optional field present, and primitive fields (string, number, boolean, literals, null,
// arrays) of the declared kind. Named types are checked only for presence; callers check nested objects by name.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const npmDir = join(dirname(fileURLToPath(import.meta.url)), '..');

export class Dts {
  // file: a path inside node_modules, e.g. 'openai/resources/responses/responses.d.ts'. classes: also read
  // `export declare class X {` field lists (@google/genai declares its response types as classes).
  constructor(file, { classes = false } = {}) {
    this.file = file;
    this.classes = classes;
    this.interfaces = new Map(); // 'Ns.Name' -> [{ name, optional, type }]
    this.unions = new Map(); // 'Name' -> ['Member', ...] for `export type Name = A | B;`
    this.#parse(readFileSync(join(npmDir, 'node_modules', file), 'utf8'));
  }

  #parse(text) {
    const lines = text.split('\n');
    const scopes = []; // { indent, name, kind: 'namespace' | 'interface', fields }
    for (const line of lines) {
      const indent = line.length - line.trimStart().length;
      const trimmed = line.trim();
      if (trimmed.startsWith('*') || trimmed.startsWith('/')) continue;
      const top = scopes.at(-1);
      if (top && trimmed === '}' && indent === top.indent) {
        scopes.pop();
        continue;
      }
      if (top?.kind === 'interface') {
        if (top.skipUntil !== undefined) {
          if (indent === top.skipUntil && /^}/.test(trimmed)) delete top.skipUntil;
          continue;
        }
        const field = indent === top.indent + 4 && /^(\w+)(\?)?: (.*)$/.exec(trimmed);
        if (field) {
          let type = field[3];
          if (type.endsWith('{')) {
            top.skipUntil = indent;
            type = '{object}';
          } else type = type.replace(/;$/, '');
          top.fields.push({ name: field[1], optional: field[2] === '?', type });
        }
        continue;
      }
      const path = scopes.map((s) => s.name);
      const ns = /^(?:export )?(?:declare )?namespace ([\w.]+) \{$/.exec(trimmed);
      if (ns) {
        scopes.push({ indent, name: ns[1], kind: 'namespace' });
        continue;
      }
      const iface = /^(?:export )?(?:declare )?(interface|class) (\w+)(?:<[^>]*>)?(?: extends [^{]+)? \{$/.exec(trimmed);
      if (iface && iface[1] === 'class' && !this.classes) continue;
      if (iface) {
        const fields = [];
        this.interfaces.set([...path, iface[2]].join('.'), fields);
        scopes.push({ indent, name: iface[2], kind: 'interface', fields });
        continue;
      }
      const union = !scopes.length && /^export type (\w+) = (.+);$/.exec(trimmed);
      if (union) this.unions.set(union[1], union[2].split(' | ').map((s) => s.trim()));
    }
  }

  fields(name) {
    const fields = this.interfaces.get(name);
    if (!fields) throw new Error(`${this.file} has no interface ${name}`);
    return fields;
  }

  // The literal of an interface's `type: 'x'` field, if it has one.
  typeLiteral(name) {
    const type = this.interfaces.get(name)?.find((f) => f.name === 'type')?.type;
    const m = type && /^'([^']+)'$/.exec(type);
    return m ? m[1] : undefined;
  }

  // { 'response.created': 'ResponseCreatedEvent', ... } for a union of event interfaces.
  literalsOf(unionName) {
    const members = this.unions.get(unionName);
    if (!members) throw new Error(`${this.file} has no union ${unionName}`);
    const map = {};
    for (const member of members) {
      const literal = this.typeLiteral(member);
      if (literal) map[literal] = member;
    }
    return map;
  }

  // Problems of `value` against interface `name`, as 'where.field: what' strings; [] when it conforms.
  // except: fields not to check (an extension's own value of a closed enum, say).
  problems(name, value, where = name, except = []) {
    if (value === null || typeof value !== 'object') return [`${where}: expected an object (${name}), got ${show(value)}`];
    const out = [];
    for (const f of this.fields(name)) {
      if (except.includes(f.name)) continue;
      const v = value[f.name];
      if (v === undefined) {
        if (!f.optional) out.push(`${where}.${f.name}: missing (d.ts: ${f.name}: ${f.type})`);
        continue;
      }
      if (!matches(f.type, v)) out.push(`${where}.${f.name}: ${show(v)} is not ${f.type}`);
    }
    return out;
  }
}

function show(v) {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

// True unless the declared type is made only of kinds we can check and the value is none of them.
function matches(type, v) {
  const alternatives = splitTop(type);
  let checkable = true;
  for (const alt of alternatives) {
    if (alt === 'null') {
      if (v === null) return true;
    } else if (alt === 'string' || alt === 'number' || alt === 'boolean') {
      if (typeof v === alt) return true;
    } else if (/^'.*'$/.test(alt)) {
      if (v === alt.slice(1, -1)) return true;
    } else if (/^(\d+|true|false)$/.test(alt)) {
      if (String(v) === alt) return true;
    } else if (/^Array<.*>$/.test(alt) || alt.endsWith('[]')) {
      if (Array.isArray(v)) return true;
    } else if (alt === '{object}') {
      if (v !== null && typeof v === 'object' && !Array.isArray(v)) return true;
    } else {
      checkable = false; // a named type or something this reader does not model
    }
  }
  return !checkable;
}

function splitTop(type) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < type.length; ++i) {
    const c = type[i];
    if (c === '<' || c === '(' || c === '{' || c === '[') ++depth;
    else if (c === '>' || c === ')' || c === '}' || c === ']') --depth;
    else if (depth === 0 && type.startsWith(' | ', i)) {
      parts.push(type.slice(start, i).trim());
      start = i + 3;
    }
  }
  parts.push(type.slice(start).trim());
  return parts;
}
