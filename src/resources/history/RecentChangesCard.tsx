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
import { VERSIONED_RESOURCES, VERSION_EVENTS, isVersionedResource } from '../../contract/versions';
import { specPath } from '../../lib/specPaths';
import { InlineLoading } from '../../app/InlineLoading';
import { serverMessages } from '../schema/shared/serverErrors';
import { ChangedRecordLink } from './RecentChangesList';
import { FieldValue } from '../schema/shared/FieldValue';
import { useResourceDeclaration } from '../schema/shared/useResourceDeclaration';
import type { Version } from './versionState';

/** How many of the newest changes the home screen shows. */
export const HOME_CHANGES = 10;

/** The home screen's 最近の変更: the newest ten changes across the masters, and the way to all of them. */
const RecentChangesCard = () => {
  const { data, isPending, error } = useGetList<Version>('v2/core/versions', { pagination: { page: 1, perPage: HOME_CHANGES }, sort: { field: 'id', order: 'DESC' } });
  const rows = (data ?? []).slice(0, HOME_CHANGES);
  const changedFields = useResourceDeclaration('v2/core/versions').fields.changedFields;
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
                <RecordContextProvider key={version.id} value={version}>
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
                    <TableCell>{isVersionedResource(version.itemType) ? VERSIONED_RESOURCES[version.itemType] : version.itemType}</TableCell>
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
        <Link component={LinkBase} to={specPath.list('v2/core/versions')}>
          最近の変更をすべて表示
        </Link>
      </CardActions>
    </Card>
  );
};

export default RecentChangesCard;
