/**
 * Generates packages/contracts/src/growth/who-tables.ts from the WHO Child Growth Standards LMS tables
 * (the tab-separated files of the WHO `anthro` R package, data-raw/growthstandards/):
 *
 *   npx tsx scripts/build-growth-tables.ts [directory]
 *
 * The directory (relative to the current directory) defaults to ../shared/data/who-growth-standards
 * relative to the repository root. Every
 * file is validated while it is read (header, both sexes, rows contiguous with no gap or duplicate, the
 * expected first and last index, finite L, M, S with L ≠ 0 and M, S > 0, the L/H column where there is
 * one); any surprise throws and nothing is written. Values are copied verbatim from the files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUT = path.join(ROOT, 'packages/contracts/src/growth/who-tables.ts');

interface TableSpec {
  /** Name of the exported constant. */
  name: string;
  file: string;
  description: string;
  header: string[];
  /** First and last index value and the step, in units of `scale` (tenths of a cm for the length tables). */
  first: number;
  last: number;
  scale: number;
  /** Expected value of the last (L/H) column for an index value, when the file has one. */
  position?: (index: number) => 'L' | 'H';
}

const AGE_HEADER = ['sex', 'age', 'l', 'm', 's'];
const SPECS: TableSpec[] = [
  {
    name: 'WEIGHT_FOR_AGE',
    file: 'weianthro.txt',
    description: 'weight-for-age (kg), by age in days',
    header: AGE_HEADER,
    first: 0,
    last: 1826,
    scale: 1,
  },
  {
    name: 'LENGTH_HEIGHT_FOR_AGE',
    file: 'lenanthro.txt',
    description: 'length/height-for-age (cm), by age in days (length before 731 days, height from 731)',
    header: [...AGE_HEADER, 'loh'],
    first: 0,
    last: 1826,
    scale: 1,
    position: (age) => (age < 731 ? 'L' : 'H'),
  },
  {
    name: 'BMI_FOR_AGE',
    file: 'bmianthro.txt',
    description: 'BMI-for-age (kg/m²), by age in days (length before 731 days, height from 731)',
    header: [...AGE_HEADER, 'loh'],
    first: 0,
    last: 1826,
    scale: 1,
    position: (age) => (age < 731 ? 'L' : 'H'),
  },
  {
    name: 'WEIGHT_FOR_LENGTH',
    file: 'wflanthro.txt',
    description: 'weight-for-length (kg), by recumbent length in cm, 45–110 in 0.1 cm steps',
    header: ['sex', 'length', 'l', 'm', 's', 'lorh'],
    first: 450,
    last: 1100,
    scale: 10,
    position: () => 'L',
  },
  {
    name: 'WEIGHT_FOR_HEIGHT',
    file: 'wfhanthro.txt',
    description: 'weight-for-height (kg), by standing height in cm, 65–120 in 0.1 cm steps',
    header: ['sex', 'height', 'l', 'm', 's', 'lorh'],
    first: 650,
    last: 1200,
    scale: 10,
    position: () => 'H',
  },
];

const NUMBER = /^-?\d+(\.\d+)?$/;

interface Columns {
  L: string[];
  M: string[];
  S: string[];
}

function parseTable(dir: string, spec: TableSpec): { male: Columns; female: Columns } {
  const file = path.join(dir, spec.file);
  const fail = (line: number, message: string): never => {
    throw new Error(`${file}:${line}: ${message}`);
  };
  const lines = readFileSync(file, 'utf8').split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const header = lines[0]?.split('\t') ?? [];
  if (header.join('\t') !== spec.header.join('\t')) {
    fail(1, `expected the header ${spec.header.join(' ')}, found ${header.join(' ')}`);
  }
  const sexes: Record<'1' | '2', Columns & { next: number }> = {
    '1': { L: [], M: [], S: [], next: spec.first },
    '2': { L: [], M: [], S: [], next: spec.first },
  };
  for (let i = 1; i < lines.length; i++) {
    const lineNo = i + 1;
    const cells = lines[i].split('\t');
    if (cells.length !== spec.header.length) fail(lineNo, `expected ${spec.header.length} columns`);
    const [sex, index, l, m, s] = cells;
    if (sex !== '1' && sex !== '2') fail(lineNo, `sex must be 1 or 2, found "${sex}"`);
    for (const value of [index, l, m, s]) {
      if (!NUMBER.test(value)) fail(lineNo, `"${value}" is not a number`);
    }
    const target = sexes[sex as '1' | '2'];
    const scaled = Number(index) * spec.scale;
    const whole = Math.round(scaled);
    if (Math.abs(scaled - whole) > 1e-9) fail(lineNo, `index ${index} is not a multiple of 1/${spec.scale}`);
    if (whole !== target.next) {
      fail(
        lineNo,
        `expected index ${target.next / spec.scale} for sex ${sex}, found ${index} (gap or disorder)`,
      );
    }
    if (whole > spec.last)
      fail(lineNo, `index ${index} is beyond the expected last ${spec.last / spec.scale}`);
    if (spec.position) {
      const expected = spec.position(whole / spec.scale);
      if (cells[5] !== expected) fail(lineNo, `expected ${expected} in the last column, found "${cells[5]}"`);
    }
    if (Number(l) === 0) fail(lineNo, 'L is 0 (the LMS formulas here divide by L)');
    if (!(Number(m) > 0) || !(Number(s) > 0)) fail(lineNo, 'M and S must be positive');
    target.L.push(l);
    target.M.push(m);
    target.S.push(s);
    target.next += 1;
  }
  for (const sex of ['1', '2'] as const) {
    const got = sexes[sex];
    if (got.next !== spec.last + 1) {
      throw new Error(
        `${file}: sex ${sex} ends at ${(got.next - 1) / spec.scale}, expected ${spec.last / spec.scale}`,
      );
    }
  }
  return { male: sexes['1'], female: sexes['2'] };
}

/** Numbers verbatim from the file, several to a line (the file is excluded from Prettier). */
function numberArray(values: string[], indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const value of values) {
    const piece = `${value},`;
    if (line && indent.length + line.length + 1 + piece.length > 110) {
      lines.push(indent + line);
      line = piece;
    } else {
      line = line ? `${line} ${piece}` : piece;
    }
  }
  if (line) lines.push(indent + line);
  return `[\n${lines.join('\n')}\n${indent.slice(2)}]`;
}

function render(dir: string): string {
  const out: string[] = [
    '/**',
    ' * GENERATED FILE: do not edit. Regenerate with `npx tsx scripts/build-growth-tables.ts [directory]`',
    ' * (directory defaults to ../shared/data/who-growth-standards relative to the repository root).',
    ' *',
    ' * Source: the LMS tables weianthro.txt, lenanthro.txt, bmianthro.txt, wflanthro.txt and wfhanthro.txt',
    ' * of the WHO `anthro` R package 1.1.0 (data-raw/growthstandards/, github.com/WorldHealthOrganization/anthro).',
    ' * Licence: data of the WHO Child Growth Standards © World Health Organization, as distributed in the',
    ' * WHO anthro package under the GPL-3.',
    ' *',
    ' * One table per indicator and sex: row i is the index value start + i·step (age in days, or length /',
    ' * height in cm for the weight-for-length/height tables) and L[i], M[i], S[i] are the Box-Cox power,',
    ' * median and coefficient of variation, copied verbatim from the files.',
    ' */',
    '',
    'export interface LmsTable {',
    '  /** Index value of the first row (age in days, or cm). */',
    '  readonly start: number;',
    '  /** Step between rows: 1 day, or 0.1 cm. */',
    '  readonly step: number;',
    '  readonly L: readonly number[];',
    '  readonly M: readonly number[];',
    '  readonly S: readonly number[];',
    '}',
    '',
    'export interface LmsTablePair {',
    '  readonly male: LmsTable;',
    '  readonly female: LmsTable;',
    '}',
  ];
  for (const spec of SPECS) {
    const parsed = parseTable(dir, spec);
    out.push(
      '',
      `/** ${spec.description}; from ${spec.file}. */`,
      `export const ${spec.name}: LmsTablePair = {`,
    );
    for (const sex of ['male', 'female'] as const) {
      const columns = parsed[sex];
      out.push(`  ${sex}: {`, `    start: ${spec.first / spec.scale},`, `    step: ${1 / spec.scale},`);
      for (const column of ['L', 'M', 'S'] as const) {
        out.push(`    ${column}: ${numberArray(columns[column], '      ')},`);
      }
      out.push('  },');
    }
    out.push('};');
  }
  return `${out.join('\n')}\n`;
}

const dir = process.argv[2]
  ? path.resolve(process.argv[2])
  : path.resolve(ROOT, '../shared/data/who-growth-standards');
const text = render(dir);
writeFileSync(OUTPUT, text);
console.log(`wrote ${path.relative(ROOT, OUTPUT)} (${text.length} bytes) from ${dir}`);
