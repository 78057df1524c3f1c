import { describe, expect, it } from 'vitest';
import { defineResource } from '../../../src/resources/defineResource';
import { assertDeclarations, declarationProblems } from '../../../src/resources/checkDeclaration';
import { resources } from '../../../src/resources/registry';
import type { AnyResourceDeclaration } from '../../../src/resources/types';

const base = {
  name: 'v2/core/things',
  label: 'もの',
  recordLabel: 'もの',
  api: '/api/v2/core/admin/things',
  fields: { id: { type: 'id', label: 'ID', sortable: true }, name: { type: 'text', label: '名前' } },
  list: { columns: ['id', 'name'], defaultSort: { field: 'id', order: 'ASC' } },
} as const;

describe('resource declarations', () => {
  it('a misspelt field is a compile error (typecheck fails if this stops being one)', () => {
    defineResource({
      ...base,
      // @ts-expect-error 'nmae' is not a declared field
      list: { columns: ['id', 'nmae'], defaultSort: { field: 'id', order: 'ASC' } },
    });
    defineResource({
      ...base,
      // @ts-expect-error the form names an undeclared field
      form: { fields: ['title'] },
    });
    expect(true).toBe(true);
  });

  it('the registry passes its start-up check', () => {
    expect(() => assertDeclarations(resources)).not.toThrow();
  });

  it('the start-up check finds what types cannot: unsortable default sort, dangling related tabs, shadowing sub-routes', () => {
    const broken = {
      ...base,
      list: { columns: ['id', 'name'], hiddenColumns: ['name'], defaultSort: { field: 'name', order: 'ASC' } },
      show: { tabs: [{ path: 'x', label: 'X', related: { resource: 'v2/core/nowhere', target: 'thingId' } }] },
      routes: [{ path: ':id', label: 'X', view: async () => ({ default: () => null }) }],
    } as unknown as AnyResourceDeclaration;
    expect(declarationProblems(broken, [broken])).toEqual([
      'v2/core/things: default sort "name" is not sortable',
      'v2/core/things: tab "x" relates to undeclared resource "v2/core/nowhere"',
      'v2/core/things: sub-route ":id" shadows a generated route',
    ]);
    expect(() => assertDeclarations([broken])).toThrow(/Invalid resource declarations/);
  });

  it('a reference names a declared resource that has a name to show, or says where the record carries it', () => {
    const unnamed = { ...base, name: 'v2/core/unnamed' } as unknown as AnyResourceDeclaration;
    const referring = {
      ...base,
      fields: {
        ...base.fields,
        ownerId: { type: 'number', label: '所有者', reference: { resource: 'v2/core/nowhere' } },
        unnamedId: { type: 'number', label: '名前なし', reference: { resource: 'v2/core/unnamed' } },
        carriedId: { type: 'number', label: '持参', reference: { resource: 'v2/core/unnamed', nameFrom: 'carried.name' } },
      },
    } as unknown as AnyResourceDeclaration;
    expect(declarationProblems(referring, [referring, unnamed])).toEqual([
      'v2/core/things: field "ownerId" references undeclared resource "v2/core/nowhere"',
      'v2/core/things: field "unnamedId" references "v2/core/unnamed", which names no recordRepresentation',
      'v2/core/things: field "carriedId" reference.nameFrom names unknown field "carried.name"',
    ]);
  });

  it('every reference in the registry names a declared resource (companies, pharmacies, stockable fixtures)', () => {
    const references = resources.flatMap((resource) =>
      Object.entries(resource.fields).flatMap(([name, field]) => (field.reference ? [`${resource.name}.${name} → ${field.reference.resource}`] : [])),
    );
    expect(references).toEqual([
      'v2/core/pharmacies.companyId → v2/core/companies',
      'v2/core/users.pharmacyIds → v2/core/pharmacies',
      'v2/core/users.appMetadata.pharmacyIds → v2/core/pharmacies',
      'v2/core/pharmacy_license_expires.pharmacyId → v2/core/pharmacies',
      'v2/core/master_sources/orderable_item_fixtures.stockableItemFixtureId → v2/core/master_sources/stockable_item_fixtures',
      'v2/core/versions.whodunnit → v2/core/users',
      // The ordering service's versions name core's users too.
      'v2/medorder/versions.whodunnit → v2/core/users',
    ]);
  });
});
