import MedicationIcon from '@mui/icons-material/Medication';
import { defineResource } from '../defineResource';
import { ETHICAL_MEDICINE_SHAPE } from '../../contract/masters/ethicalMedicines';
import { shapeFields, shapeSort } from '../shapeFields';

// Fields from the contract's shape; the screens show neither stamp. The price shows one decimal.
const { createdAt: _createdAt, updatedAt: _updatedAt, ...spaFields } = shapeFields(ETHICAL_MEDICINE_SHAPE);

/**
 * The ethical medicine master (医療用医薬品, spec sections 2 and 3): read-only, refreshed from
 * the publishers' files on the import screen (`update`). The list offers every field as a
 * column; a pharmacist's working set shows by default, the rest through the column chooser.
 */
export const ethicalMedicines = defineResource({
  name: 'v2/core/ethical_medicines',
  label: ETHICAL_MEDICINE_SHAPE.label,
  menu: { section: 'otherMasters', order: 2, icon: MedicationIcon },
  recordLabel: ETHICAL_MEDICINE_SHAPE.label,
  api: ETHICAL_MEDICINE_SHAPE.api,
  recordRepresentation: 'brandName',
  capabilities: {},
  fields: { ...spaFields, officialUnitPrice: { ...spaFields.officialUnitPrice, type: 'decimal', decimals: 1 } },
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
    defaultSort: shapeSort(ETHICAL_MEDICINE_SHAPE),
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
