import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { check, resolveConfig } from 'prettier';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { resourceNames, writeResource } from './new-resource.ts';

describe('new:resource', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
    root = undefined;
  });

  it('derives every name of a resource from its plural', () => {
    expect(resourceNames('school-terms')).toEqual({
      kebab: 'school-terms',
      camel: 'schoolTerms',
      pascal: 'SchoolTerm',
      single: 'schoolTerm',
      upper: 'SCHOOL_TERM',
    });
    expect(resourceNames('visits').pascal).toBe('Visit');
  });

  it('refuses a name that is not a plural in lower case with hyphens', () => {
    for (const bad of ['SchoolTerms', 'school_terms', 'term', '-terms', 'terms-', '']) {
      expect(() => resourceNames(bad), bad).toThrow(/not a resource name/);
    }
  });

  it('writes the contract and the four module files, formatted and free of syntax errors', async () => {
    root = mkdtempSync(path.join(tmpdir(), 'new-resource-'));
    const written = await writeResource(root, 'school-terms');
    expect(written).toEqual([
      'packages/contracts/src/school-terms.ts',
      'apps/api/src/modules/school-terms/school-terms.repo.ts',
      'apps/api/src/modules/school-terms/school-terms.service.ts',
      'apps/api/src/modules/school-terms/school-terms.routes.ts',
      'apps/api/src/modules/school-terms/school-terms.test.ts',
    ]);
    const options = (await resolveConfig(path.join(import.meta.dirname, '..', 'package.json'))) ?? {};
    for (const file of written) {
      const text = readFileSync(path.join(root, file), 'utf8');
      const { diagnostics } = ts.transpileModule(text, { reportDiagnostics: true, fileName: file });
      expect(diagnostics, file).toEqual([]);
      expect(await check(text, { ...options, filepath: file }), `${file} is formatted`).toBe(true);
    }
    const repo = readFileSync(path.join(root, written[1]), 'utf8');
    // The house rules the scaffold carries: the teacher's scope in the query, a role check first.
    expect(repo).toContain("actor.role === 'TEACHER' ? eq(schoolTerms.teacherId, actor.id)");
    expect(readFileSync(path.join(root, written[2]), 'utf8')).toContain("requireRole(actor, ['TEACHER']");
  }, 60_000);

  it('overwrites nothing: a resource already there is refused before any file is written', async () => {
    root = mkdtempSync(path.join(tmpdir(), 'new-resource-'));
    await writeResource(root, 'school-terms');
    await expect(writeResource(root, 'school-terms')).rejects.toThrow(/Already there, nothing written/);
  }, 60_000);
});
