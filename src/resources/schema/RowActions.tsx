import { Button, LinkBase, ShowButton, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { styled } from '@mui/material/styles';
import MuiButton from '@mui/material/Button';
import type { RowAction } from '../types';
import { fillPathTemplate } from '../../customRoutes/specPaths';
import { useRuntime } from '../../app/RuntimeContext';
import { EditLinkButton } from './EditLinkButton';
import { serverMessages } from './serverErrors';

/** Configured URL bases a declaration's external links may start with. */
const useUrlBases = (): Record<string, string> => {
  const { environment } = useRuntime();
  return { orderingAppUrl: environment.orderingAppUrl, sharingAppUrl: environment.sharingAppUrl };
};

const MethodAction = ({ action }: { action: Extract<RowAction, { kind: 'method' }> }) => {
  const record = useRecordContext();
  const dataProvider = useDataProvider() as unknown as Record<string, (value: unknown) => Promise<unknown>>;
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record) return null;
  const run = async () => {
    try {
      await dataProvider[action.method](record[action.field ?? 'id']);
      notify(`${action.label}しました。`, { type: 'success' });
      // The method changed the record (a request rejected): the list shows what the server now holds.
      refresh();
    } catch (error) {
      notify(serverMessages(error).join('\n'), { type: 'error', multiLine: true });
    }
  };
  return <Button label={action.label} onClick={run} />;
};

/** Fixed styles, made once rather than from an `sx` object in every row on every render. */
const ActionsLine = styled('div')(({ theme }) => ({ display: 'flex', flexWrap: 'nowrap', gap: theme.spacing(0.5), whiteSpace: 'nowrap' }));

/** A row's actions, on one line: detail, edit, and the declaration's own (external link, link, method). */
export const RowActions = ({ actions }: { actions: readonly RowAction[] }) => {
  const record = useRecordContext();
  const bases = useUrlBases();
  if (!record) return null;
  return (
    <ActionsLine>
      {actions.map((action) => {
        if (action === 'show') return <ShowButton key="show" />;
        if (action === 'edit') return <EditLinkButton key="edit" />;
        if (action.kind === 'external') {
          return (
            <MuiButton
              key={action.label}
              size="small"
              href={fillPathTemplate(action.href, record, bases)}
              target="_blank"
              rel="noopener noreferrer"
              endIcon={<OpenInNewIcon />}
              aria-label={`${action.label}（新しいタブで開く）`}
            >
              {action.label}
            </MuiButton>
          );
        }
        if (action.kind === 'link') {
          return <Button key={action.label} component={LinkBase} to={fillPathTemplate(action.to, record)} label={action.label} />;
        }
        return <MethodAction key={action.label} action={action} />;
      })}
    </ActionsLine>
  );
};
