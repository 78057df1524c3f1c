import { LinkBase, Title } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { InlineLoading } from '../../app/InlineLoading';
import { formatDate } from '../../lib/dates';
import { serverMessages } from '../../resources/schema/serverErrors';
import { MASTER_SOURCES_QUERY } from './StockableDiffPanel';

/**
 * The MEDIS option file list (spec section 2). No option file is among the files this build
 * downloads, so the ordering service answers none and the page says so; it lists any it answers.
 */
const OptionFilesPage = () => {
  const dataProvider = usePortalDataProvider();
  const { data, error, isPending } = useQuery({ queryKey: [MASTER_SOURCES_QUERY, 'files', 'medis_options'], queryFn: () => dataProvider.getMasterFiles('medis_options') });
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="オプションファイル一覧" />
      <CardContent>
        {isPending ? (
          <InlineLoading />
        ) : error ? (
          <Typography color="error">{serverMessages(error).join(' ')}</Typography>
        ) : data.length === 0 ? (
          <Typography>
            ファイルはありません（オプションファイルはダウンロードの対象外です。HOTコードマスターは
            <Link component={LinkBase} to="/v2/core/master_sources/medis_bases">
              HOTコードマスターファイル一覧
            </Link>
            にあります）
          </Typography>
        ) : (
          <List aria-label="オプションファイル">
            {data.map((file) => (
              <ListItem key={file.id}>
                {file.fileName}（{formatDate(file.fileDate)}）
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
};

export default OptionFilesPage;
