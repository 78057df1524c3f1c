import type { ImportOperation } from '../../dataProvider/methods/masterSources';

/** Japanese names of the import diffs' attributes and operations (spec section 3). */
export const STOCKABLE_ATTRIBUTE_LABELS: Record<string, string> = {
  name: '名称',
  namePronunciation: '名称カナ',
  unit: '単位',
  yjCode: 'YJコード',
  price: '薬価',
  generic: '後発品',
  interimPeriodOn: '経過措置期限',
  expiresAt: '有効期限',
};

export const ORDERABLE_ATTRIBUTE_LABELS: Record<string, string> = {
  name: '名称',
  gs1Code: 'GS1コード',
  janCode: 'JANコード',
  quantity: '数量',
  makerName: '製造会社',
  sellerName: '販売会社',
  packetForm: '包装形態',
  packetVolume: '包装単位数',
  packagePacketCount: '包装数',
  inactiveOn: '販売中止日',
};

export const OPERATION_LABELS: Record<ImportOperation, string> = { create: '新規作成', update: '更新', none: '変更なし' };

/** An attribute's value as the diff table shows it. */
export const attributeText = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '（なし）';
  if (typeof value === 'boolean') return value ? 'はい' : 'いいえ';
  if (value instanceof Date) return value.toISOString();
  return String(value);
};
