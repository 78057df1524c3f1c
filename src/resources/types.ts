import type { ComponentType } from 'react';
import type { MembershipMethodName } from '../dataProvider/methods/memberships';
import type { RowMethodName } from '../dataProvider/methods/portalMethods';
import type { CodeShape } from '../lib/codeShapes';
import type { Capability } from '../contract/additions';

/**
 * A master is declared once: where its API lives, its fields, how its list, detail and form
 * look. The generic views (src/resources/schema/) and the data provider both read this, so
 * adding a master is one declaration (`defineResource`, src/resources/defineResource.ts) plus one
 * line in src/resources/registry.ts.
 *
 * The declaration is data: fields, endpoints, columns, tabs. Behaviour (chat, diffs, uploads,
 * modals) lives in components that a declaration names as a lazy view.
 */
export type FieldType =
  | 'id'
  | 'text'
  | 'longText'
  | 'number'
  /** A decimal shown with `decimals` places (e.g. officialUnitPrice, 1 place). */
  | 'decimal'
  /** A calendar day (`*On`): a `yyyy-MM-dd` string end to end, never a Date. */
  | 'date'
  /** An instant (`*At`): a Date, shown in Asia/Tokyo. */
  | 'datetime'
  | 'boolean'
  | 'email'
  | 'url'
  /** One of `choices` (status labels, job statuses), shown as a coloured chip. */
  | 'choice'
  /** Any number of `choices` (a pharmacy's services): an array of values, chips to read, checkboxes to edit. */
  | 'multiChoice';

export type ChipColor = 'default' | 'primary' | 'secondary' | 'success' | 'error' | 'info' | 'warning';

export interface Choice {
  /** A boolean for a yes/no that may also be unset (null: the field's unknownLabel, 未設定). */
  value: string | number | boolean;
  label: string;
  color?: ChipColor;
}

/**
 * How a form value is turned into what the API takes (spec section 5's fixture rules):
 * integer and decimal parse numbers, `emptyToNull` sends '' as null, `omitEmpty` leaves an empty
 * value out, string trims nothing and sends as typed.
 */
export type WriteParse = 'integer' | 'decimal' | 'emptyToNull' | 'omitEmpty' | 'string';

export interface FieldDeclaration {
  type: FieldType;
  /** Japanese label; becomes `resources.<name>.fields.<field>` in the i18n messages. */
  label: string;
  /** Whether the list column can be sorted (the API accepts `sort=<snake_case field>`). */
  sortable?: boolean;
  /**
   * The column sorts by another key, an addition's (`companyNameSort`: the 会社 column by name, not
   * by the id it holds): sortable only where the environment has it, and sent as `key`.
   */
  sortAs?: { key: string; requires: Capability };
  /** Shown but not editable in create/edit forms, and never sent. */
  readOnly?: boolean;
  /**
   * A value must be given: the form marks the label with * and, unless `requiredCheck` says
   * otherwise, the input itself refuses an empty value (「…を入力してください。」).
   */
  required?: boolean;
  /**
   * Who refuses an empty required value when the input does not: 'form', the form's own rules
   * over the whole record (a pharmacy's services, at least one); 'server', the API, whose errors
   * the form lists (spec section 5: the company and group forms have no client rules). The label is
   * marked all the same, so the user knows before saving.
   */
  requiredCheck?: 'form' | 'server';
  /** A value the field's write rules accept, where they ask for a pattern (a shortcut: `thanks`). */
  example?: string;
  /** Rows of a multi-line text input (longText). */
  rows?: number;
  /** Places after the decimal point (decimal). */
  decimals?: number;
  /** Values and their labels (choice, multiChoice). Anything else shows as `unknownLabel`. */
  choices?: readonly Choice[];
  /** What a value outside `choices` reads as; 不明 unless said (the predictor says 未設定). */
  unknownLabel?: string;
  /**
   * A value computed from the record rather than read from it (days until a licence expires):
   * shown like any field, never sent, not expected from the API.
   */
  derive?: (record: Record<string, unknown>, now: Date) => unknown;
  /** Shown only to admins (the predictor). */
  adminOnly?: boolean;
  /** Parsing before the value is sent; defaults by type (number → decimal, others as typed). */
  parse?: WriteParse;
  /**
   * The path the value is written to when it differs from the path it is read from: the API
   * reads `pharmacyInvoice.invoiceNumber` and takes `pharmacyInvoiceAttributes.invoiceNumber`.
   */
  writeAs?: string;
  /**
   * Takes a whole row of a detail's or a form's grid (a long value: an address line, a URL).
   * Text areas (longText) and chip lists (multiChoice) always do; `false` keeps one to a cell.
   */
  wide?: boolean;
  /**
   * The value names another declared record (a pharmacy's company, a fixture's stockable
   * fixture): screens show that record's name, linked to its detail, instead of the bare id.
   */
  reference?: ReferenceDeclaration;
  /**
   * The value is field names of another master, the one whose resource name the record holds at
   * `resourceAt`, and reads as that master's labels (`fieldLabels`), on screen and in an export
   * alike: 最近の変更's 変更した項目.
   */
  labelsOf?: { resourceAt: string };
}

/**
 * Which record an id (or an array of ids) names. The name is the other declaration's
 * `recordRepresentation`, looked up in one `ids=` call per screen (react-admin batches the cells'
 * lookups into one getMany), unless the record already carries it (`nameFrom`).
 */
export interface ReferenceDeclaration {
  /** The declared resource the id belongs to, e.g. `v2/core/companies`. */
  resource: string;
  /** Where this record already holds the other's name (a licence's `pharmacy.name`): no lookup. */
  nameFrom?: string;
}

export type FieldMap = Record<string, FieldDeclaration>;

export interface SortDeclaration<K extends string = string> {
  field: K;
  order: 'ASC' | 'DESC';
}

export interface FilterDeclaration {
  /** camelCase API parameter, e.g. `query` or `addEnded`; the data provider sends it snake_cased. */
  source: string;
  /**
   * `boolean` is a switch, `checkbox` a checkbox (the spec says which): each sends `true` when on
   * and nothing when off. `yesNo` filters a yes/no field three ways: すべて (nothing sent), はい, いいえ.
   */
  type: 'search' | 'boolean' | 'checkbox' | 'yesNo';
  label: string;
  /** Search filters sit in the list's toolbar; keep them always on. */
  alwaysOn?: boolean;
}

/**
 * How a list pages (never guessed from the response):
 * - `pages`: page links from the server's `x-current-page` / `x-total-pages`;
 * - `infinite`: the next page loads within 3 viewport heights of the bottom;
 * - `token`: a continuation token ("load more"), read from `nextTokenKey` and sent as `tokenParam`;
 * - `none`: the response is the whole list.
 */
export type PagingDeclaration =
  | { mode: 'pages' | 'infinite' | 'none' }
  | { mode: 'token'; tokenParam: string; nextTokenKey: string };

/** A row action beyond show and edit. Templates fill `{field}` from the record and `{config.key}` from the environment. */
export type RowAction<K extends string = string> =
  | 'show'
  | 'edit'
  | { kind: 'external'; label: string; href: string }
  | { kind: 'link'; label: string; to: string }
  | {
      kind: 'method';
      label: string;
      method: RowMethodName;
      field?: K;
      /** Asks first (SafeConfirm, focus on キャンセル) with this sentence; `{field}` is the row's value as shown (what it acts on). */
      confirm?: string;
      /** The addition beyond spec section 7 its call is (src/contract/additions.ts): not offered where the environment lacks it. */
      requires?: Capability;
    };

/** A badge beside a column's value, e.g. 終了 when `endedOn` is today or earlier in Japan. */
export interface BadgeDeclaration<K extends string = string> {
  column: K;
  label: string;
  color?: ChipColor;
  /** When the badge shows: a calendar-day field on or before today in Japan (the 'ended' pharmacy). */
  when: { field: K; onOrBeforeToday: true };
}

/** Delete on the detail page where it is more than section 7's plain call (`capabilities.delete: true`). */
export interface DeleteDeclaration {
  /** The addition beyond spec section 7 its call is (src/contract/additions.ts): no 削除 where the environment lacks it. */
  requires?: Capability;
  /**
   * Why this record cannot be deleted yet (the API refuses it with the same sentence), undefined
   * when it can: 削除 is then disabled with the reason beside it as its description.
   */
  refusal?: (record: Record<string, unknown>) => string | undefined;
}

/** A lazily loaded screen, so every resource view is its own chunk. */
export type LazyView = () => Promise<{ default: ComponentType }>;

/** Fields of a detail tab under one heading, in reading order (row by row). */
export interface FieldGroupDeclaration<K extends string = string> {
  /** The heading (h2) and the region's name. */
  label: string;
  fields: K[];
  /**
   * At most this many fields in a row (three from lg unless said): a group of four short fields
   * reads better as two rows of two than as three and one. The cells keep the tracks of the other
   * groups, so they line up under them.
   */
  columns?: 1 | 2 | 3;
}

export interface DetailTabDeclaration<K extends string = string> {
  /** Sub-path under the record's URL (`/{resource}/{id}/{path}`); '' for the first tab. */
  path: string;
  label: string;
  /** Custom tab content; a tab without one lists `fields` or its related list. */
  view?: LazyView;
  fields?: K[];
  /**
   * The tab's fields under headings (基本情報, 住所・連絡先, ...), after `fields`: each group is a
   * named region with an h2, its fields in a grid (one column below md, two from md, three from lg).
   */
  groups?: FieldGroupDeclaration<K>[];
  /** Show only the fields that have a value (orderable fixtures). */
  nonEmptyOnly?: boolean;
  adminOnly?: boolean;
  /** A related list: records of another declared resource whose `target` is this record's id. */
  related?: { resource: string; target: string };
  /** The shared pharmacy membership tab (companies, groups). */
  membership?: MembershipDeclaration;
}

/**
 * Records that belong to a record (pharmacies of a company or a group, groups of a pharmacy),
 * read from the owner's `members.key`, with a search for those that may join. Joining and
 * leaving are the named data provider methods, called as `method(ownerId, memberId)`.
 */
export interface MembershipDeclaration {
  add: MembershipMethodName;
  remove: MembershipMethodName;
  /** Filter of the members' list that offers only those that may join; `{id}` is this record's id. */
  candidateFilter: Record<string, string | boolean>;
  /**
   * Where the environment lacks those filters (membershipFilters, an addition): a row whose
   * field has a value cannot join either (a pharmacy with a company), beside the members.
   */
  heldBy?: string;
  searchLabel: string;
  /** 会社 / グループ / 薬局, for the leave confirmation's title. */
  ownerLabel: string;
  /** Who the members are; pharmacies (id, name, micode, address1, createdAt) unless said. */
  members?: MembersDeclaration;
}

export interface MembersDeclaration {
  /** The members' declared resource, e.g. `v2/core/groups`. */
  resource: string;
  /** The owner's field listing its members, e.g. `groups`. */
  key: string;
  /** Columns, fields of the members' declaration. */
  columns: string[];
  /** The members in words: 薬局, 近隣グループ (所属薬局, 近隣グループを追加, ...). */
  noun: string;
  /** Placeholder of the search box. */
  placeholder: string;
  /** The owner joins the members (a pharmacy joins groups): leaving reads 「薬局をグループから外す」. */
  ownerJoins?: boolean;
}

/**
 * A fixed route of its own under the resource (`search`, `update`, `:id/:filename`,
 * `bigqueries/:serviceName`, `new/:tab`): routing, breadcrumbs and the menu treat it as a fixed
 * point, never as a record id.
 */
export interface SubRouteDeclaration {
  path: string;
  label: string;
  view: LazyView;
}

/** The sidebar's sections (spec section 2, in order; src/layout/menu.ts gives their headings). */
export type MenuSectionId = 'core' | 'pharmacyMasters' | 'otherMasters' | 'operations' | 'developer';

/** Where a master's list sits in the sidebar; the entry's label is the list's title. */
export interface MenuPlacement {
  section: MenuSectionId;
  /** Its place in the section, counted from 1 (custom screens' entries share the count). */
  order: number;
  icon: ComponentType;
}

/**
 * How a master's records are found by the jump palette (Ctrl+K / ⌘K). Names need nothing: a
 * master whose list has a `search` filter (the folded search, `query`) and a plain API path is
 * searched by name with it. Codes are declared here: a typed code of a field's shape
 * (src/lib/codeShapes.ts) is sent as that field's list filter and compared for equality.
 */
export interface PaletteDeclaration<K extends string = string> {
  /**
   * Fields holding codes: `shape` says what a typed code must look like, `filter` the list
   * filter it is sent as: `ids` for the record's id, the search filter (`query`, the default)
   * where the server looks codes up by equality before searching text, or the list's own code
   * filter (`gs1Code`).
   */
  codes?: {
    /**
     * The row's field holding the code. None where the row does not carry it (a pharmacy's
     * invoice number is the detail's, a licence's number its licences'): the server looks such
     * a code up by equality alone (no text search after), so every row it answers holds it.
     */
    field?: K;
    shape: CodeShape;
    filter?: string;
    /** The addition the lookup relies on (the phone search): not asked where the environment lacks it. */
    requires?: Capability;
  }[];
  /** Fixed filters of every lookup, so a record the list hides by default is still found (`addEnded`). */
  filter?: Record<string, string | boolean>;
  /** Fields shown on a result's second line (the typed code's field comes first when it matched). */
  detail?: K[];
  /** `false`: never searched by name even though the list has a search. */
  searchNames?: false;
  /**
   * Where "all results" of a name search open when the list is a screen of its own that does
   * not read `?filter=` (manuals: `search?query={query}`); a generated list needs nothing.
   */
  searchRoute?: string;
}

export interface TypedResourceDeclaration<F extends FieldMap> {
  /** react-admin resource name and URL path, exactly as the spec's route table: `v2/core/companies`. */
  name: string;
  /** Japanese name of the master, used for the sidebar, titles and breadcrumbs. */
  label: string;
  /** The list screen's name when it is not 「<label>一覧」: バッチコピー管理 is a hub, not a list. */
  listTitle?: string;
  /** Its sidebar entry; a master without one is reached from another screen. */
  menu?: MenuPlacement;
  /**
   * The addition beyond spec section 7 the whole master is (src/contract/additions.ts): where
   * the environment lacks it, the portal shows no trace of it (no route, menu entry or palette group).
   */
  requires?: Capability;
  /** Japanese name of one record, e.g. 薬局会社. */
  recordLabel: string;
  /**
   * The spec's API path template (section 7), e.g. `/api/v2/core/admin/companies` or
   * `/api/v2/core/admin/pharmacies/{pharmacyId}/licenses`; `{param}`s come from the list's
   * filter or a call's `meta`.
   */
  api: string;
  /** The field that identifies a record in its URL when it is not `id` (`hotCode`). */
  recordKey?: Extract<keyof F, string>;
  /** What the API allows: a read-only master has no create, edit or delete. */
  capabilities?: { create?: boolean; edit?: boolean; delete?: boolean | DeleteDeclaration };
  /** How updates are sent: the whole form by PUT (core) or only the changed fields by PATCH (fixtures). */
  update?: { method: 'PUT' | 'PATCH'; send: 'form' | 'changed' };
  /** Field names are camelCase paths, as the data provider hands records to the views. */
  fields: F;
  /** Field shown when a record is named (breadcrumbs, titles). */
  recordRepresentation?: Extract<keyof F, string>;
  /** The master whose record the `{id}` of these URLs is, when it is another's (NSIPS: the pharmacy). */
  routeRecordOf?: string;
  list: {
    columns: Extract<keyof F, string>[];
    /** Columns the column chooser offers but that start hidden. */
    hiddenColumns?: Extract<keyof F, string>[];
    actions?: RowAction<Extract<keyof F, string>>[];
    filters?: FilterDeclaration[];
    defaultSort: SortDeclaration<Extract<keyof F, string>>;
    paging?: PagingDeclaration;
    /** Where a service wraps the array: `{ nsipses: [...] }` → `nsipses`. */
    listKey?: string;
    badges?: BadgeDeclaration<Extract<keyof F, string>>[];
    /** Text shown when a search finds nothing (近隣グループが見つかりません). */
    empty?: string;
    /** Links in the list's header to the resource's own sub-routes (`update` → the import screen). */
    links?: { label: string; route: string }[];
  };
  show?: {
    tabs: DetailTabDeclaration<Extract<keyof F, string>>[];
  };
  /** Fields of the shared create/edit form, in order. */
  form?: {
    fields: Extract<keyof F, string>[];
    /** Query-string parameters that prefill the create form (`?yjCode=`). */
    prefillFrom?: Extract<keyof F, string>[];
    /** Where to go after create; the detail unless said otherwise. */
    afterCreate?: 'show' | 'list';
    /** Rules over the whole form (field → message), run before saving: the API's own, from the contract. */
    validate?: (values: Record<string, unknown>) => Record<string, unknown>;
  };
  routes?: SubRouteDeclaration[];
  /** How the jump palette finds its records (see PaletteDeclaration); without it, names only when the list searches. */
  palette?: PaletteDeclaration<Extract<keyof F, string>>;
  /** Screens that need their own components replace the generated ones. */
  views?: {
    list?: LazyView;
    show?: LazyView;
    create?: LazyView;
    edit?: LazyView;
  };
}

/**
 * A declaration of any field set, as the registry and the generic screens see it. Spelt as a
 * mapped type so TypeScript compares it structurally: `keyof F` would otherwise make
 * ResourceDeclaration invariant in F, and no typed declaration would fit the registry.
 */
export type ResourceDeclaration = { [K in keyof TypedResourceDeclaration<FieldMap>]: TypedResourceDeclaration<FieldMap>[K] };

export type AnyResourceDeclaration = ResourceDeclaration;
