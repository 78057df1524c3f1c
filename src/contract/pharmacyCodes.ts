/**
 * The pharmacy numbers an agent types into a search as they are written on a document, by shape
 * alone: the SPA's jump palette recognises them (src/lib/codeShapes.ts) and the reference API's
 * pharmacy search looks them up by equality (server/services/core/pharmacies/search.ts). Both
 * match the text folded (NFKC: full-width digits and letters to ASCII) and without separators;
 * the palette's is upper case, the search's lower case, hence no case here.
 */

/** 適格請求書発行事業者登録番号: 「T」 and 13 digits (T6221848063027). */
export const INVOICE_NUMBER_CODE = /^t\d{13}$/i;

/**
 * A pharmacy licence's number (薬局開設許可番号) as prefectures write it: what comes before
 * varies (「14」, 「5福保衛」, 「大阪府指令」), it ends 「薬第」, the serial and 「号」 (14薬第91565号).
 */
export const LICENSE_NUMBER_CODE = /^\S{0,20}薬第\d{1,8}号$/u;
