import MedicationIcon from '@mui/icons-material/Medication';
import { defineResource } from '../defineResource';
import type { FieldDeclaration } from '../types';

const yesNo = (label: string): FieldDeclaration => ({ type: 'boolean', label });
const text = (label: string): FieldDeclaration => ({ type: 'text', label });

/**
 * The ethical medicine master (医療用医薬品, spec sections 2 and 3): read-only, refreshed from
 * the publishers' files on the import screen (`update`). The list offers every field as a
 * column; a pharmacist's working set shows by default, the rest through the column chooser.
 */
export const ethicalMedicines = defineResource({
  name: 'v2/core/ethical_medicines',
  label: '医療用医薬品',
  menu: { section: 'otherMasters', order: 2, icon: MedicationIcon },
  recordLabel: '医療用医薬品',
  api: '/api/v2/core/master/ethical_medicines',
  recordRepresentation: 'brandName',
  capabilities: {},
  fields: {
    id: { type: 'id', label: 'ID', sortable: true },
    brandName: text('販売名'),
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
    packetVolume: { type: 'number', label: '包装単位数' },
    packetUnitName: text('包装単位'),
    packetPerSheet: { type: 'number', label: 'シート入数' },
    packageVolume: { type: 'number', label: '包装総量' },
    packageVolumeUnitName: text('包装総量単位'),
    packagePacketCount: { type: 'number', label: '包装数' },
    packagePacketCountUnitName: text('包装数単位'),
    publicNoticeType: text('収載方式等識別'),
    officialName: text('告示名称'),
    officialRegisteredOn: { type: 'date', label: '薬価収載日' },
    officialUnitPrice: { type: 'decimal', label: '薬価', decimals: 1 },
    interimPeriodOn: { type: 'date', label: '経過措置期限' },
    inactiveOn: { type: 'date', label: '廃止日' },
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
  },
  list: {
    columns: [
      'id', 'brandName', 'yjCode', 'hotCode', 'receiptCode', 'janCode', 'genericName', 'standard', 'maker', 'officialUnitPrice', 'generic', 'inactiveOn',
      'brandNamePronunciation', 'hotCode_7', 'hotCode_9', 'hotCodeGeneric', 'packageGs1Code', 'packetGs1Code', 'supplyGs1Code', 'mhlwCode',
      'receiptCodeSecondary', 'genericCode', 'receiptSystemName', 'ingredientName', 'dosageType', 'unitType', 'seller', 'packetForm',
      'packetFormSubdivision', 'packetVolume', 'packetUnitName', 'packetPerSheet', 'packageVolume', 'packageVolumeUnitName', 'packagePacketCount',
      'packagePacketCountUnitName', 'publicNoticeType', 'officialName', 'officialRegisteredOn', 'interimPeriodOn', 'narcotic', 'poison',
      'stimulantMaterial', 'psychotropic', 'biotic', 'designatedBiotic', 'regenerative', 'clinicalSample', 'intracutaneousReaction',
    ],
    hiddenColumns: [
      'brandNamePronunciation', 'hotCode_7', 'hotCode_9', 'hotCodeGeneric', 'packageGs1Code', 'packetGs1Code', 'supplyGs1Code', 'mhlwCode',
      'receiptCodeSecondary', 'genericCode', 'receiptSystemName', 'ingredientName', 'dosageType', 'unitType', 'seller', 'packetForm',
      'packetFormSubdivision', 'packetVolume', 'packetUnitName', 'packetPerSheet', 'packageVolume', 'packageVolumeUnitName', 'packagePacketCount',
      'packagePacketCountUnitName', 'publicNoticeType', 'officialName', 'officialRegisteredOn', 'interimPeriodOn', 'narcotic', 'poison',
      'stimulantMaterial', 'psychotropic', 'biotic', 'designatedBiotic', 'regenerative', 'clinicalSample', 'intracutaneousReaction',
    ],
    actions: ['show'],
    filters: [
      { source: 'query', type: 'search', label: '販売名・一般名・成分名・各種コードで検索', alwaysOn: true },
      { source: 'includeInactive', type: 'checkbox', label: '無効になったものも含む', alwaysOn: true },
    ],
    defaultSort: { field: 'id', order: 'ASC' },
    paging: { mode: 'pages' },
    empty: '医療用医薬品が見つかりません',
    links: [{ label: 'マスター更新', route: 'update' }],
  },
  show: {
    tabs: [
      {
        path: '',
        label: '詳細',
        fields: ['id'],
        groups: [
          { label: '名称・規格', fields: ['brandName', 'brandNamePronunciation', 'officialName', 'receiptSystemName', 'genericName', 'ingredientName', 'standard', 'unitType', 'dosageType'] },
          { label: '薬価・収載', fields: ['officialUnitPrice', 'publicNoticeType', 'officialRegisteredOn', 'interimPeriodOn', 'inactiveOn'] },
          { label: '規制・区分', fields: ['generic', 'narcotic', 'poison', 'stimulantMaterial', 'psychotropic', 'biotic', 'designatedBiotic', 'regenerative', 'clinicalSample', 'intracutaneousReaction'] },
          {
            label: 'コード',
            fields: ['yjCode', 'mhlwCode', 'receiptCode', 'receiptCodeSecondary', 'genericCode', 'hotCode', 'hotCode_7', 'hotCode_9', 'hotCodeGeneric', 'janCode', 'packetGs1Code', 'packageGs1Code', 'supplyGs1Code'],
          },
          {
            label: '包装',
            fields: ['packetForm', 'packetFormSubdivision', 'packetVolume', 'packetUnitName', 'packetPerSheet', 'packageVolume', 'packageVolumeUnitName', 'packagePacketCount', 'packagePacketCountUnitName'],
          },
          { label: '製造・販売', fields: ['maker', 'seller'] },
        ],
      },
    ],
  },
  // The search looks every code up by equality first; withdrawn medicines are found too.
  palette: {
    codes: [
      { field: 'hotCode_7', shape: 'hot7' },
      { field: 'hotCode_9', shape: 'hot9' },
      { field: 'hotCode', shape: 'hot13' },
      { field: 'yjCode', shape: 'yj' },
      { field: 'mhlwCode', shape: 'yj' },
      { field: 'receiptCode', shape: 'receipt' },
      { field: 'receiptCodeSecondary', shape: 'receipt' },
      { field: 'janCode', shape: 'jan' },
      { field: 'packageGs1Code', shape: 'gs1' },
      { field: 'packetGs1Code', shape: 'gs1' },
      { field: 'supplyGs1Code', shape: 'gs1' },
    ],
    filter: { includeInactive: true },
    detail: ['yjCode', 'standard', 'maker'],
  },
  routes: [{ path: 'update', label: 'マスター更新', view: () => import('./EthicalMedicineImportPage') }],
});
