import { LinkBase, RecordContextProvider, useGetList } from 'react-admin';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../contract/dates';
import { ALL_VERSIONED_RESOURCES, VERSION_EVENTS, isVersionedResource } from '../../contract/versions';
import { CORE_VERSIONS, MEDORDER_VERSIONS } from './versionLists';
import { specPath } from '../../lib/specPaths';
import { InlineLoading } from '../../app/InlineLoading';
import { serverMessages } from '../schema/shared/serverErrors';
import { ChangedRecordLink } from './RecentChangesList';
import { FieldValue } from '../schema/shared/FieldValue';
import { useResourceDeclaration } from '../schema/shared/useResourceDeclaration';
import type { Version } from './versionState';

/** How many of the newest changes the home screen shows. */
export const HOME_CHANGES = 10;

/**
 * The home screen's 最近の変更: the newest ten changes across the masters of both services (each
 * keeps its own versions: the newest page of each, merged by time), and the way to all of them.
 */
const RecentChangesCard = () => {
  const page = { pagination: { page: 1, perPage: HOME_CHANGES }, sort: { field: 'id', order: 'DESC' } } as const;
  const core = useGetList<Version>(CORE_VERSIONS, page);
  const medorder = useGetList<Version>(MEDORDER_VERSIONS, page);
  const isPending = core.isPending || medorder.isPending;
  const error = core.error ?? medorder.error;
  // Ids are each service's own, so the two are merged by time; a version keeps its service in its key.
  const rows = [...(core.data ?? []).map((v) => ({ ...v, key: `core-${v.id}` })), ...(medorder.data ?? []).map((v) => ({ ...v, key: `medorder-${v.id}` }))]
    .sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime())
    .slice(0, HOME_CHANGES);
  const changedFields = useResourceDeclaration(CORE_VERSIONS).fields.changedFields;
  return (
    <Card>
      <CardHeader title="最近の変更" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? (
          <InlineLoading />
        ) : error ? (
          <Alert severity="error" role="alert">{serverMessages(error).join(' ')}</Alert>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary">変更はまだありません。</Typography>
        ) : (
          <Table size="small" aria-label="最近の変更">
            <TableHead>
              <TableRow>
                <TableCell>日時</TableCell>
                <TableCell>変更者</TableCell>
                <TableCell>マスター</TableCell>
                <TableCell>レコード</TableCell>
                <TableCell>操作</TableCell>
                <TableCell>変更した項目</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((version) => (
                <RecordContextProvider key={version.key} value={version}>
                  <TableRow>
                    <TableCell>{formatDateTime(version.createdAt)}</TableCell>
                    <TableCell>
                      {version.whodunnit ? (
                        <Link component={LinkBase} to={specPath.show('v2/core/users', version.whodunnit)}>
                          {version.whodunnitName ?? `#${version.whodunnit}`}
                        </Link>
                      ) : (
                        'システム'
                      )}
                    </TableCell>
                    <TableCell>{isVersionedResource(version.itemType) ? ALL_VERSIONED_RESOURCES[version.itemType] : version.itemType}</TableCell>
                    <TableCell>
                      <ChangedRecordLink />
                    </TableCell>
                    <TableCell>{VERSION_EVENTS.find((e) => e.value === version.event)?.label}</TableCell>
                    <TableCell>
                      <FieldValue source="changedFields" field={changedFields} />
                    </TableCell>
                  </TableRow>
                </RecordContextProvider>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <CardActions>
        <Link component={LinkBase} to={specPath.list(CORE_VERSIONS)}>
          最近の変更をすべて表示
        </Link>
      </CardActions>
    </Card>
  );
};

export default RecentChangesCard;
