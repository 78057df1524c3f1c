import type { JobQueueLink } from '../../contract/configTypes';

/** The services whose job queues the home page links to (spec section 2: core, medorder and {product}). */
const SERVICE_NAMES: Record<string, string> = {
  core: 'コアサービス',
  medorder: '発注サービス',
  share: '共有サービス',
};

/** 「発注サービス（medorder）」; an unknown service is shown as configured. */
export const jobQueueServiceName = (service: string): string => {
  const name = SERVICE_NAMES[service];
  return name ? `${name}（${service}）` : service;
};

/**
 * What the link opens, in words: the configured label when it says more than the bare service
 * key (config.json often repeats `core` / `medorder` / `share`), else 「発注サービスのジョブキュー管理画面」.
 */
export const jobQueueLinkText = (link: JobQueueLink): string => {
  const label = link.label?.trim();
  if (label && label !== link.service && label !== link.url) return label;
  return `${SERVICE_NAMES[link.service] ?? link.service}のジョブキュー管理画面`;
};
