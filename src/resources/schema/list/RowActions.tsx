import { useState } from 'react';
import { Button, useNotify, useRecordContext, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import type { FieldMap, RowAction } from '../../types';
import { getPath } from '../../../dataProvider/writePayload';
import { displayText } from '../shared/fieldDisplay';
import { useFindDeclaration } from '../shared/DeclarationsContext';
import { isAvailable, useCapabilities } from '../../../app/capabilities';
import { fillPathTemplate, specPath } from '../../../lib/specPaths';
import { useRuntime } from '../../../app/RuntimeContext';
import { usePortalDataProvider } from '../../../app/usePortalDataProvider';
import { SafeConfirm } from '../../../app/SafeConfirm';
import { ROW_ACTIONS_CLASS } from '../../../layout/theme';
import { ExternalRowLink, RowLink } from './RowLink';
import { serverMessages } from '../shared/serverErrors';

/** Configured URL bases a declaration's external links may start with. */
const useUrlBases = (): Record<string, string> => {
  const { environment } = useRuntime();
  return { orderingAppUrl: environment.orderingAppUrl, sharingAppUrl: environment.sharingAppUrl };
};

/** A confirmation's sentence with `{field}` filled by the record's value as the field shows it (its choice's label). */
export const fillConfirmText = (template: string, record: Record<string, unknown>, fields: FieldMap): string =>
  template.replace(/\{([A-Za-z0-9_.]+)\}/g, (_match, key: string) => {
    const value = getPath(record, key);
    return (fields[key] ? displayText(fields[key], value) : undefined) ?? (value === null || value === undefined ? '' : String(value));
  });

const MethodAction = ({ action }: { action: Extract<RowAction, { kind: 'method' }> }) => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const declaration = useFindDeclaration()(resource ?? '');
  const dataProvider = usePortalDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [running, setRunning] = useState(false);
  if (!record) return null;
  const run = async () => {
    setRunning(true);
    try {
      // Each row method takes one value; which type is the method's, the record's field holds it.
      const call = dataProvider[action.method] as (value: unknown) => Promise<unknown>;
      await call(record[action.field ?? 'id']);
      notify(`${action.label}しました。`, { type: 'success' });
      // The method changed the record (a request rejected): the list shows what the server now holds.
      refresh();
    } catch (error) {
      notify(serverMessages(error).join('\n'), { type: 'error', multiLine: true });
    } finally {
      setRunning(false);
      setAsking(false);
    }
  };
  // One request per click: the button waits while its call runs.
  if (!action.confirm) return <Button label={action.label} disabled={running} onClick={run} />;
  return (
    <>
      <Button label={action.label} color="error" disabled={running} onClick={() => setAsking(true)} />
      <SafeConfirm
        isOpen={asking}
        title={`${action.label}の確認`}
        content={fillConfirmText(action.confirm, record, declaration?.fields ?? {})}
        confirm={action.label}
        loading={running}
        onConfirm={run}
        onClose={() => setAsking(false)}
      />
    </>
  );
};

/** A row's actions, on one line: detail, edit, and the declaration's own (external link, link, method). */
export const RowActions = ({ actions }: { actions: readonly RowAction[] }) => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const bases = useUrlBases();
  const translate = useTranslate();
  const capabilities = useCapabilities();
  if (!record || !resource) return null;
  return (
    <div className={ROW_ACTIONS_CLASS}>
      {actions.map((action) => {
        if (action === 'show') return <RowLink key="show" to={specPath.show(resource, record.id)}>{translate('ra.action.show')}</RowLink>;
        if (action === 'edit') return <RowLink key="edit" to={specPath.edit(resource, record.id)}>{translate('ra.action.edit')}</RowLink>;
        if (action.kind === 'external') return <ExternalRowLink key={action.label} href={fillPathTemplate(action.href, record, bases)} label={action.label} />;
        if (action.kind === 'link') return <RowLink key={action.label} to={fillPathTemplate(action.to, record)}>{action.label}</RowLink>;
        // A call beyond the spec is offered only where the environment's services have it.
        return isAvailable(capabilities, action.requires) ? <MethodAction key={action.label} action={action} /> : null;
      })}
    </div>
  );
};
