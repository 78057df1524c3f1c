import { AUDIT_SHAPE_FIELDS, defineMasterShape, type ShapeField } from '../masterShape';

/*
 * Item fixtures (在庫品目補正 / 発注品目補正, spec sections 3, 5 and 7): the staff's corrections and
 * additions the master diffs merge over the published rows. Both are the same kind of record (every
 * field optional, null clears one, a PATCH changes only what it names), so both shapes are built
 * from the fragments below. Which codes a fixture needs (one of two, across create and update) and
 * that its stockable fixture exists are the feature's own checks
 * (server/services/medorder/masterSources/fixtureRoutes.ts).
 */

/** A name or unit: trimmed, never sent blank (null clears it). */
const text = (label: string, maxLength: number) => ({ type: 'text', label, nullable: true, write: { maxLength, nonBlank: true } }) as const satisfies ShapeField;

/** A code the list filters by and a write must spell right: trimmed, its pattern bounds its length. */
const code = (label: string, regex: RegExp, example: string) =>
  ({
    type: 'text',
    label,
    nullable: true,
    filter: { pattern: regex, example },
    write: { pattern: { regex, message: `${label}の形式が正しくありません。`, example }, nonBlank: true },
  }) as const satisfies ShapeField;

/** A count of the package (or a price in yen): a whole number from 0. */
const count = (label: string, max = 1_000_000) => ({ type: 'integer', label, nullable: true, write: { min: 0, max } }) as const satisfies ShapeField;

/** Another record's id (a database integer). */
const idOf = (label: string) => ({ type: 'integer', label, nullable: true, write: { min: 1, max: 2_147_483_647 } }) as const satisfies ShapeField;

const day = (label: string) => ({ type: 'day', label, nullable: true, write: { example: '2027-03-31' } }) as const satisfies ShapeField;

/** A yes/no the fixture may leave unset (null: the published masters' value stands). */
const flag = (label: string) => ({ type: 'boolean', label, nullable: true, write: {} }) as const satisfies ShapeField;

/** What every fixture has around its own fields: its id and name first, the note and stamps last. */
const fixtureFields = <const F extends Record<string, ShapeField>>(own: F) => ({
  id: { type: 'id', label: 'ID', sortable: true },
  name: text('名称', 200),
  ...own,
  // The note is kept as typed: neither trimmed nor a blank turned into null.
  note: { type: 'longText', label: 'メモ', nullable: true, write: { maxLength: 1000, verbatim: true } },
  createdAt: AUDIT_SHAPE_FIELDS.createdAt,
  updatedAt: AUDIT_SHAPE_FIELDS.updatedAt,
}) as const satisfies Record<string, ShapeField>;

const YJ = /^\d{7}[A-Z][0-9A-Z]{3}\d$/;
const RECEIPT = /^\d{9}$/;

/** One YJ code's stockable item, corrected. */
export const STOCKABLE_FIXTURE_SHAPE = defineMasterShape({
  label: '在庫品目補正',
  api: '/api/v2/medorder/admin/stockable_item_fixtures',
  fields: fixtureFields({
    unit: text('単位', 20),
    price: count('薬価', 100_000_000),
    yjCode: code('YJコード', YJ, '1124003F2230'),
    receiptCode: code('レセプト電算コード', RECEIPT, '620000000'),
    genericId: idOf('一般名ID'),
    generic: flag('後発品'),
    interimPeriodOn: day('経過措置期限'),
    disableStock: flag('在庫管理しない'),
  }),
  defaultSort: '-updatedAt',
});

/** One package, corrected, or one no publisher lists. */
export const ORDERABLE_FIXTURE_SHAPE = defineMasterShape({
  label: '発注品目補正',
  api: '/api/v2/medorder/admin/orderable_item_fixtures',
  fields: fixtureFields({
    nameAppend: text('名称追記', 100),
    gs1Code: code('GS1コード', /^\d{13,14}$/, '14987000000012'),
    janCode: code('JANコード', /^\d{13}$/, '4987000000012'),
    // Filtered by as a text of digits, as every id filter is.
    stockableItemFixtureId: { ...idOf('在庫品目補正ID'), filter: { pattern: /^\d{1,12}$/, example: '1' } },
    quantity: count('数量'),
    makerName: text('製造会社', 100),
    sellerName: text('販売会社', 100),
    packetForm: text('包装形態', 50),
    packetVolume: count('包装単位数'),
    packagePacketCount: count('包装数'),
    inactiveOn: day('販売中止日'),
    hotCode: code('HOTコード', /^(\d{9}|\d{13})$/, '1000007010101'),
  }),
  defaultSort: '-updatedAt',
});
