import type { ComponentType } from 'react';

/**
 * A master is declared once: where its API lives, its fields, how its list, detail and form
 * look. The generic views (src/resources/schema/) and the data provider both read this, so
 * adding a master is one declaration plus one line in src/resources/registry.ts.
 */
export type FieldType =
  | 'id'
  | 'text'
  | 'longText'
  | 'number'
  | 'date'
  | 'datetime'
  | 'boolean'
  | 'email'
  | 'url';

export interface FieldDeclaration {
  type: FieldType;
  /** Japanese label. */
  label: string;
  /** Whether the list column can be sorted (the API accepts `sort=<snake_case field>`). */
  sortable?: boolean;
  /** Shown but not editable in create/edit forms. */
  readOnly?: boolean;
  required?: boolean;
  /** Rows of a multi-line text input (longText). */
  rows?: number;
}

export interface SortDeclaration {
  field: string;
  order: 'ASC' | 'DESC';
}

export interface FilterDeclaration {
  /** camelCase API parameter, e.g. `query` or `addEnded`; the data provider sends it snake_cased. */
  source: string;
  type: 'search' | 'boolean';
  label: string;
  /** Search filters sit in the list's toolbar; keep them always on. */
  alwaysOn?: boolean;
}

/** A lazily loaded screen, so every resource view is its own chunk. */
export type LazyView = () => Promise<{ default: ComponentType }>;

export interface DetailTabDeclaration {
  /** Sub-path under the record's URL (`/{resource}/{id}/{path}`); '' for the first tab. */
  path: string;
  label: string;
  /** Custom tab content; a tab without one lists `fields`. */
  view?: LazyView;
  fields?: string[];
}

export type ListAction = 'show' | 'edit';

export interface ResourceDeclaration {
  /** react-admin resource name and URL path, exactly as the spec's route table: `v2/core/companies`. */
  name: string;
  /** Japanese name of the master, used for the sidebar, titles and breadcrumbs. */
  label: string;
  /** Japanese name of one record, e.g. 薬局会社. */
  recordLabel: string;
  /** The spec's API path (section 7), e.g. `/api/v2/core/admin/companies`. */
  api: string;
  /** How updates are sent: the core service takes PUT, the ordering service's fixtures PATCH. */
  updateMethod?: 'PUT' | 'PATCH';
  /** Field names are camelCase, as the data provider hands records to the views. */
  fields: Record<string, FieldDeclaration>;
  /** Field shown when a record is named (breadcrumbs, titles). */
  recordRepresentation?: string;
  list: {
    columns: string[];
    actions?: ListAction[];
    filters?: FilterDeclaration[];
    defaultSort: SortDeclaration;
    /** Shows the 新規作成 link in the list header. */
    create?: boolean;
  };
  show?: {
    tabs: DetailTabDeclaration[];
  };
  /** Fields of the shared create/edit form, in order. */
  form?: {
    fields: string[];
  };
  /** Screens that need their own components replace the generated ones. */
  views?: {
    list?: LazyView;
    show?: LazyView;
    create?: LazyView;
    edit?: LazyView;
  };
}
