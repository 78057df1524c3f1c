/**
 * A declaration's `api` is the spec's path template: `/api/v2/core/admin/pharmacies/{pharmacyId}/licenses`.
 * `{param}`s are filled from the call's parameters (the list's filter, a call's `meta`); the
 * parameters used are taken out, so a list filter that names the parent is not also sent as a
 * query parameter. A missing parameter is a programming error and says which one (in Japanese:
 * a screen's error view may show it).
 */
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export const templateParams = (template: string): string[] => [...template.matchAll(PLACEHOLDER)].map((match) => match[1]);

export class MissingPathParamError extends Error {
  constructor(template: string, param: string) {
    super(`${template}: パスのパラメータ {${param}} が指定されていません（一覧のフィルターか呼び出しの meta で渡してください）`);
    this.name = 'MissingPathParamError';
  }
}

export const fillTemplate = (
  template: string,
  params: Record<string, unknown> | undefined,
): { path: string; rest: Record<string, unknown> } => {
  const rest: Record<string, unknown> = { ...params };
  const path = template.replace(PLACEHOLDER, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new MissingPathParamError(template, name);
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  return { path, rest };
};

/** `{api}/{id}`, the id percent-encoded (hot codes, file names). */
export const recordPath = (collectionPath: string, id: string | number): string => `${collectionPath}/${encodeURIComponent(String(id))}`;
