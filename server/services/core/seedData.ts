/** Invented name parts for the seeders (no real pharmacy chains' exact names). */
export const PHARMACY_BRANDS = [
  'さくら薬局', 'ひまわり薬局', 'あおば薬局', 'みどり調剤薬局', 'すずらん薬局', 'たんぽぽ薬局', 'こすもす薬局',
  'ひかり薬局', 'はなみずき薬局', 'つばさ調剤薬局', 'いろは薬局', 'やまびこ薬局', 'かもめ薬局', 'わかば薬局',
  'ふたば薬局', 'あさひ調剤薬局', 'こもれび薬局', 'ほほえみ薬局', 'そよかぜ薬局', 'ことぶき薬局', 'みなと薬局',
  'けやき薬局', 'すみれ調剤薬局', 'つくし薬局', 'やすらぎ薬局', 'まごころ薬局', 'くすのき薬局', 'しらかば薬局',
  'ハート調剤薬局', 'グリーン薬局', 'メディカルファーマシー', 'ライフ調剤薬局', 'オレンジ薬局', 'スマイル薬局',
];

export const BRANCH_SUFFIXES = ['駅前店', '中央店', '本店', '病院前店', '北口店', '南口店', '東店', '西店', 'クリニック前店', '医療モール店'];

export const TOWNS = [
  '本町', '中央', '栄町', '緑町', '旭町', '幸町', '東町', '西町', '南町', '北町', '駅前', '桜町', '松原', '青葉町',
  '若葉', '千代田', '大手町', '元町', '新町', '花園', '港南', '昭和町', '平和町', '錦町', '宮前', '泉町', '朝日町',
];

export const BUILDINGS = ['メディカルビル', '駅前ビル', 'クリニックモール', 'センタービル', 'ハイツ', 'プラザ'];

export const COMPANY_PREFIXES = [
  'さくら', 'あおば', 'みらい', 'ひかり', 'つばさ', '北斗', '瑞穂', '大和', '東海', '北陸', '九州', '湘南', '武蔵',
  '信州', '瀬戸内', 'みちのく', '房総', '阪神', '出雲', '琉球', '常磐', '飛鳥', '白樺', '若葉', '日の出', '富士',
  '光陽', '希望', '共栄', '中央', '東邦', '西海', '南風', '北央', 'はなまる', 'やまと', 'ことぶき', 'すこやか', 'あけぼの',
  'はまなす', 'ひので', 'あさがお', '穂高', '浪速', '筑紫', '伊予', '吉備', '三河', '尾張', '播磨',
];

export const COMPANY_WORDS = [
  'メディカル', 'ファーマ', '調剤', 'ヘルスケア', '薬品', 'ファーマシー', 'ケアサポート', 'メディカルサービス',
  'ライフケア', 'ファーマシーズ', '薬局', 'メディコ',
];

export const COMPANY_FORMS: ((s: string) => string)[] = [
  (s) => `株式会社${s}`,
  (s) => `株式会社${s}`,
  (s) => `${s}株式会社`,
  (s) => `${s}ホールディングス株式会社`,
  (s) => `有限会社${s}`,
  (s) => `${s}ホールディングス`,
];

export const COMPANY_NOTES = [
  '本部は月末締め。請求書は本部宛てに送付。',
  '担当窓口は薬剤部長。電話連絡は平日午前中が望ましい。',
  '新規店舗の追加予定あり (来期)。',
  'システム切替の相談中。導入支援の記録を参照。',
  '契約更新は毎年4月。',
  '問い合わせはメール優先。',
  '',
  '',
];

/** A wholesaler: name plus the prefectures (ids) it has branch-level rows in. */
export interface WholesalerSeed {
  name: string;
  prefectures: number[] | 'many';
}

/** The big four groups' operating companies; regional ones are generated around them. */
export const WHOLESALERS: WholesalerSeed[] = [
  { name: '株式会社メディセオ', prefectures: 'many' },
  { name: 'アルフレッサ株式会社', prefectures: 'many' },
  { name: '株式会社スズケン', prefectures: 'many' },
  { name: '東邦薬品株式会社', prefectures: 'many' },
  { name: '株式会社エバルス', prefectures: [33, 34, 35] },
  { name: '株式会社アトル', prefectures: [40, 41, 42, 43] },
  { name: '株式会社サンキ', prefectures: [34, 35] },
  { name: '株式会社翔薬', prefectures: [40, 41] },
  { name: '株式会社ほくやく', prefectures: [1] },
  { name: '株式会社バイタルネット', prefectures: [4, 6, 7, 15] },
  { name: '株式会社モロオ', prefectures: [1] },
  { name: '中北薬品株式会社', prefectures: [23, 24] },
  { name: '株式会社ケーエスケー', prefectures: [27, 28, 29, 30] },
  { name: '株式会社宮野薬品', prefectures: [39] },
  { name: '株式会社よんやく', prefectures: [36, 37, 38, 39] },
];

/** Word parts for regional wholesalers (fictional). */
export const DEALER_REGIONS = [
  '北海', '奥羽', '東北', '常陸', '上州', '関東', '京葉', '多摩', '相模', '越後', '北陸', '甲信', '東海', '三河',
  '近畿', '京阪', '南海', '山陰', '山陽', '四国', '九州', '肥後', '薩摩', '琉球', '信越', '駿河', '紀州', '阿波',
];
export const DEALER_WORDS = ['薬品', '医薬', '薬業', 'メディカル', '薬品商事', '医薬品'];
