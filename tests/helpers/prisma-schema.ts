// A small parser for prisma/schema.prisma, so tests can derive what the database must contain
// from the schema itself (Prisma's own DMMF lives in @prisma/internals, which is not installed).
//
// It understands exactly the constructs Duly's schema uses, and throws on anything else rather
// than guess: an unknown block, attribute, argument or type is an error naming the line, so a
// schema change that outgrows this file is noticed, not silently ignored.
//
// Understood: `generator` and `datasource` blocks (skipped); `enum` blocks with values and
// @@map; `model` blocks with fields `name Type`, `Type?`, `Type[]` and field attributes
// @id @default(...) @unique @map("...") @db.X(...) @relation(fields:, references:, onDelete:,
// onUpdate:), and block attributes @@map @@index @@unique @@id. Comments `//` and `///` anywhere.

export type PrismaValue =
  | { kind: "string"; value: string }
  | { kind: "number"; value: number }
  | { kind: "boolean"; value: boolean }
  | { kind: "identifier"; name: string }
  | { kind: "call"; name: string; args: PrismaArgument[] }
  | { kind: "list"; items: PrismaValue[] };

export interface PrismaArgument {
  /** `fields` in `fields: [a]`; undefined for a positional argument. */
  name?: string;
  value: PrismaValue;
}

export interface PrismaAttribute {
  /** Without the `@`/`@@`: `id`, `default`, `db.Timestamptz`, `index`, ... */
  name: string;
  args: PrismaArgument[];
  line: number;
}

export interface PrismaField {
  name: string;
  type: string;
  optional: boolean;
  list: boolean;
  attributes: PrismaAttribute[];
  line: number;
}

export interface PrismaModel {
  name: string;
  fields: PrismaField[];
  blockAttributes: PrismaAttribute[];
  line: number;
}

export interface PrismaEnum {
  name: string;
  values: string[];
  blockAttributes: PrismaAttribute[];
  line: number;
}

export interface PrismaSchema {
  models: PrismaModel[];
  enums: PrismaEnum[];
}

export class PrismaSchemaParseError extends Error {
  constructor(message: string, line: number) {
    super(`schema.prisma line ${line}: ${message}`);
    this.name = "PrismaSchemaParseError";
  }
}

const KNOWN_FIELD_ATTRIBUTES = new Set(["id", "default", "unique", "map", "relation"]);
const KNOWN_MODEL_ATTRIBUTES = new Set(["map", "index", "unique", "id"]);
const KNOWN_ENUM_ATTRIBUTES = new Set(["map"]);

/** Removes a `//` comment (and `///` doc comment) that is not inside a string. */
function stripComment(line: string): string {
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === "/" && line[i + 1] === "/") {
      return line.slice(0, i);
    }
  }
  return line;
}

/** A cursor over one line's text, for attributes and their arguments. */
class Scanner {
  position = 0;
  constructor(
    readonly text: string,
    readonly line: number,
  ) {}

  fail(message: string): never {
    throw new PrismaSchemaParseError(`${message} in \`${this.text.trim()}\``, this.line);
  }
  skipSpace(): void {
    while (this.position < this.text.length && /\s/.test(this.text[this.position])) this.position++;
  }
  atEnd(): boolean {
    this.skipSpace();
    return this.position >= this.text.length;
  }
  peek(): string {
    this.skipSpace();
    return this.text[this.position] ?? "";
  }
  expect(char: string): void {
    if (this.peek() !== char) this.fail(`expected "${char}" at column ${this.position + 1}`);
    this.position++;
  }
  word(pattern = /[A-Za-z_][\w.]*/y): string {
    this.skipSpace();
    pattern.lastIndex = this.position;
    const match = pattern.exec(this.text);
    if (!match) this.fail(`expected a name at column ${this.position + 1}`);
    this.position += match[0].length;
    return match[0];
  }

  /** `@name` / `@@name`, with an optional parenthesised argument list. */
  attribute(prefix: "@" | "@@"): PrismaAttribute {
    this.skipSpace();
    if (!this.text.startsWith(prefix, this.position) || this.text.startsWith(prefix + "@", this.position)) {
      this.fail(`expected ${prefix}attribute at column ${this.position + 1}`);
    }
    this.position += prefix.length;
    const name = this.word(/[A-Za-z_][\w]*(\.[A-Za-z_]\w*)?/y);
    const args = this.text[this.position] === "(" ? this.argumentList() : [];
    return { name, args, line: this.line };
  }

  argumentList(): PrismaArgument[] {
    this.expect("(");
    const args: PrismaArgument[] = [];
    while (this.peek() !== ")") {
      if (args.length > 0) this.expect(",");
      args.push(this.argument());
    }
    this.expect(")");
    return args;
  }

  argument(): PrismaArgument {
    const start = this.position;
    if (/[A-Za-z_]/.test(this.peek())) {
      const name = this.word(/[A-Za-z_]\w*/y);
      if (this.peek() === ":") {
        this.position++;
        return { name, value: this.value() };
      }
      this.position = start;
    }
    return { value: this.value() };
  }

  value(): PrismaValue {
    const char = this.peek();
    if (char === '"') return { kind: "string", value: this.string() };
    if (char === "[") {
      this.position++;
      const items: PrismaValue[] = [];
      while (this.peek() !== "]") {
        if (items.length > 0) this.expect(",");
        items.push(this.value());
      }
      this.position++;
      return { kind: "list", items };
    }
    if (/[-\d]/.test(char)) {
      const text = this.word(/-?\d+(\.\d+)?/y);
      return { kind: "number", value: Number(text) };
    }
    const name = this.word(/[A-Za-z_]\w*/y);
    if (name === "true" || name === "false") return { kind: "boolean", value: name === "true" };
    if (this.text[this.position] === "(") return { kind: "call", name, args: this.argumentList() };
    return { kind: "identifier", name };
  }

  string(): string {
    this.expect('"');
    let value = "";
    while (this.position < this.text.length) {
      const char = this.text[this.position++];
      if (char === '"') return value;
      if (char === "\\") {
        const escaped = this.text[this.position++];
        if (escaped === '"' || escaped === "\\") value += escaped;
        else this.fail(`unsupported escape \\${escaped}`);
      } else {
        value += char;
      }
    }
    this.fail("unterminated string");
  }
}

function attributesOf(scanner: Scanner, prefix: "@" | "@@", known: Set<string>): PrismaAttribute[] {
  const attributes: PrismaAttribute[] = [];
  while (!scanner.atEnd()) {
    const attribute = scanner.attribute(prefix);
    if (!known.has(attribute.name) && !attribute.name.startsWith("db.")) {
      scanner.fail(`unsupported attribute ${prefix}${attribute.name}`);
    }
    attributes.push(attribute);
  }
  return attributes;
}

export function parsePrismaSchema(source: string): PrismaSchema {
  const schema: PrismaSchema = { models: [], enums: [] };
  const lines = source.split(/\r?\n/);
  let block: { kind: "model"; model: PrismaModel } | { kind: "enum"; enum: PrismaEnum } | { kind: "skip" } | null =
    null;

  lines.forEach((rawLine, index) => {
    const lineNumber = index + 1;
    const line = stripComment(rawLine).trim();
    if (line === "") return;

    if (block === null) {
      const opening = /^(model|enum|generator|datasource)\s+([A-Za-z_]\w*)\s*\{$/.exec(line);
      if (!opening) throw new PrismaSchemaParseError(`expected a model, enum, generator or datasource block`, lineNumber);
      const [, keyword, name] = opening;
      if (keyword === "model") {
        block = { kind: "model", model: { name, fields: [], blockAttributes: [], line: lineNumber } };
      } else if (keyword === "enum") {
        block = { kind: "enum", enum: { name, values: [], blockAttributes: [], line: lineNumber } };
      } else {
        block = { kind: "skip" };
      }
      return;
    }

    if (line === "}") {
      if (block.kind === "model") schema.models.push(block.model);
      if (block.kind === "enum") schema.enums.push(block.enum);
      block = null;
      return;
    }
    if (block.kind === "skip") return;

    const scanner = new Scanner(line, lineNumber);
    if (line.startsWith("@@")) {
      const known = block.kind === "model" ? KNOWN_MODEL_ATTRIBUTES : KNOWN_ENUM_ATTRIBUTES;
      const attributes = attributesOf(scanner, "@@", known);
      if (block.kind === "model") block.model.blockAttributes.push(...attributes);
      else block.enum.blockAttributes.push(...attributes);
      return;
    }

    if (block.kind === "enum") {
      const value = /^([A-Za-z_]\w*)$/.exec(line);
      if (!value) throw new PrismaSchemaParseError(`unsupported enum value \`${line}\``, lineNumber);
      block.enum.values.push(value[1]);
      return;
    }

    const name = scanner.word(/[A-Za-z_]\w*/y);
    const type = scanner.word(/[A-Za-z_]\w*/y);
    let optional = false;
    let list = false;
    if (scanner.text.startsWith("?", scanner.position)) {
      optional = true;
      scanner.position++;
    } else if (scanner.text.startsWith("[]", scanner.position)) {
      list = true;
      scanner.position += 2;
    }
    const attributes = attributesOf(scanner, "@", KNOWN_FIELD_ATTRIBUTES);
    block.model.fields.push({ name, type, optional, list, attributes, line: lineNumber });
  });

  if (block !== null) throw new PrismaSchemaParseError("unterminated block", lines.length);
  return schema;
}

// ---- small accessors used by the expectations -------------------------------------------

export function findAttribute(attributes: PrismaAttribute[], name: string): PrismaAttribute | undefined {
  const found = attributes.filter((attribute) => attribute.name === name);
  if (found.length > 1) throw new PrismaSchemaParseError(`@${name} given twice`, found[1].line);
  return found[0];
}

/** The string of `@map("x")` / `@@map("x")`. */
export function mappedName(attributes: PrismaAttribute[]): string | undefined {
  const map = findAttribute(attributes, "map");
  if (!map) return undefined;
  const [arg, ...rest] = map.args;
  if (!arg || rest.length > 0 || arg.name !== undefined || arg.value.kind !== "string") {
    throw new PrismaSchemaParseError(`@map takes one string`, map.line);
  }
  return arg.value.value;
}

/** The identifiers of a list value such as `[jobId, attempt]`. */
export function identifierList(value: PrismaValue, line: number): string[] {
  if (value.kind !== "list") throw new PrismaSchemaParseError(`expected a list of field names`, line);
  return value.items.map((item) => {
    if (item.kind !== "identifier") throw new PrismaSchemaParseError(`expected a field name in the list`, line);
    return item.name;
  });
}
