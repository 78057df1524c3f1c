/** Luhn check digit for a digit string (the digit that makes `payload + check` Luhn-valid). */
export function luhnCheckDigit(payload: string): number {
  let sum = 0;
  let double = true; // the rightmost payload digit is doubled once the check digit is appended
  for (let i = payload.length - 1; i >= 0; i--) {
    let d = payload.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * 薬局コード (10 digits): prefecture (2) + 点数表 4 (調剤) + 郡市区 (2) + 機関番号 (4) + check (1).
 * The check digit is Luhn over the 10 digits, except in Saitama, Chiba, Tokyo and Kanagawa
 * (11-14) where it is Luhn over the 7-digit code (郡市区 + 機関番号 + check).
 */
export function buildMicode(prefectureId: number, gun: number, kikan: number): string {
  const pref = String(prefectureId).padStart(2, '0');
  const local = String(gun).padStart(2, '0') + String(kikan).padStart(4, '0');
  const payload = `${pref}4${local}`;
  const check = prefectureId >= 11 && prefectureId <= 14 ? luhnCheckDigit(local) : luhnCheckDigit(payload);
  return `${payload}${check}`;
}

export function isValidMicodeCheckDigit(micode: string): boolean {
  if (!/^\d{10}$/.test(micode)) return false;
  const pref = Number(micode.slice(0, 2));
  return buildMicode(pref, Number(micode.slice(3, 5)), Number(micode.slice(5, 9))) === micode;
}
