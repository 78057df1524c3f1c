import { defineMasterShape, type ShapeField } from '../masterShape';

/** A text the publishers' files may leave out. */
const text = (label: string) => ({ type: 'text', label, nullable: true }) as const satisfies ShapeField;
/** A calendar day the files may leave out. */
const day = (label: string) => ({ type: 'day', label, nullable: true }) as const satisfies ShapeField;
/** A yes/no the files always give (stored 0/1, answered as a boolean). */
const yesNo = (label: string) => ({ type: 'boolean', label }) as const satisfies ShapeField;

/**
 * The ethical medicine master (医療用医薬品, spec sections 2 and 3): the shape the SPA's
 * declaration and the reference API's feature both derive from, and the table's columns too
 * (server/services/core/ethicalMedicines/columns.ts). Read-only: no field has a write rule; the
 * rows come from the publishers' files (the import job, its rules and the seed are the feature's
 * code). The list's 無効になったものも含む filter and the code look-ups of its search are the
 * feature's own too: neither is a field's value compared.
 */
export const ETHICAL_MEDICINE_SHAPE = defineMasterShape({
  label: '医療用医薬品',
  api: '/api/v2/core/master/ethical_medicines',
  fields: {
    id: { type: 'id', label: 'ID', sortable: true },
    brandName: { type: 'text', label: '販売名' },
    brandNamePronunciation: text('販売名カナ'),
    hotCode: text('HOTコード'),
    hotCode_7: text('HOT7'),
    hotCode_9: text('HOT9'),
    hotCodeGeneric: text('一般名HOTコード'),
    packageGs1Code: text('販売包装単位GS1コード'),
    janCode: text('JANコード'),
    packetGs1Code: text('調剤包装単位GS1コード'),
    supplyGs1Code: text('元梱包装単位GS1コード'),
    mhlwCode: text('薬価基準収載医薬品コード'),
    yjCode: text('YJコード'),
    receiptCode: text('レセプト電算コード'),
    receiptCodeSecondary: text('レセプト電算コード（2）'),
    genericCode: text('一般名コード'),
    receiptSystemName: text('レセプト電算名称'),
    genericName: text('一般名'),
    ingredientName: text('成分名'),
    dosageType: text('投与区分'),
    unitType: text('単位'),
    standard: text('規格'),
    maker: text('製造会社'),
    seller: text('販売会社'),
    packetForm: text('包装形態'),
    packetFormSubdivision: text('包装形態細分'),
    packetVolume: { type: 'number', label: '包装単位数', nullable: true },
    packetUnitName: text('包装単位'),
    packetPerSheet: { type: 'integer', label: 'シート入数', nullable: true },
    packageVolume: { type: 'number', label: '包装総量', nullable: true },
    packageVolumeUnitName: text('包装総量単位'),
    packagePacketCount: { type: 'integer', label: '包装数', nullable: true },
    packagePacketCountUnitName: text('包装数単位'),
    publicNoticeType: text('収載方式等識別'),
    officialName: text('告示名称'),
    officialRegisteredOn: day('薬価収載日'),
    officialUnitPrice: { type: 'number', label: '薬価', nullable: true },
    interimPeriodOn: day('経過措置期限'),
    inactiveOn: day('廃止日'),
    generic: yesNo('後発品'),
    narcotic: yesNo('麻薬'),
    poison: yesNo('毒薬'),
    stimulantMaterial: yesNo('覚醒剤原料'),
    psychotropic: yesNo('向精神薬'),
    biotic: yesNo('生物学的製剤'),
    designatedBiotic: yesNo('特定生物由来製品'),
    regenerative: yesNo('再生医療等製品'),
    clinicalSample: yesNo('治験薬'),
    intracutaneousReaction: yesNo('皮内反応'),
    // When the import wrote the row; the screens show neither.
    createdAt: { type: 'instant', label: '作成日時' },
    updatedAt: { type: 'instant', label: '更新日時' },
  },
  defaultSort: 'id',
  searchable: true,
});
