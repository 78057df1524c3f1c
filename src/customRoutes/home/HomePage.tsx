import { Title } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import DownloadIcon from '@mui/icons-material/Download';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useRuntime } from '../../app/RuntimeContext';
import type { EnvironmentConfig } from '../../contract/configTypes';
import { formatDate } from '../../contract/dates';
import { PLATFORMS, RELEASE_LOAD_ERROR_MESSAGE, fetchRelease, type Platform } from './releases';
import { InlineLoading } from '../../app/InlineLoading';
import { jobQueueLinkText, jobQueueServiceName } from './jobQueues';

const ReleaseRow = ({ environment, platform }: { environment: EnvironmentConfig; platform: Platform }) => {
  const { data, isPending, isError } = useQuery({
    queryKey: ['pc-app-release', environment.pcAppHost, platform],
    queryFn: ({ signal }) => fetchRelease(environment.pcAppHost, platform, { signal }),
    // A missing descriptor will not appear on a retry; the next visit fetches again.
    retry: false,
    refetchOnWindowFocus: false,
  });
  return (
    <TableRow data-testid={`release-${platform}`}>
      <TableCell component="th" scope="row">
        {platform}
      </TableCell>
      <TableCell>{environment.label}</TableCell>
      {isPending ? (
        <TableCell colSpan={3}>
          <InlineLoading />
        </TableCell>
      ) : isError || !data ? (
        <TableCell colSpan={3}>
          <Typography variant="body2" color="error" role="alert">
            {RELEASE_LOAD_ERROR_MESSAGE}
          </Typography>
        </TableCell>
      ) : (
        <>
          <TableCell>{formatDate(data.releaseDate)}</TableCell>
          <TableCell>{data.version}</TableCell>
          <TableCell>
            <Link href={data.downloadUrl} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <DownloadIcon fontSize="small" />
              {platform}版をダウンロード
            </Link>
          </TableCell>
        </>
      )}
    </TableRow>
  );
};

const PcAppCard = ({ environment }: { environment: EnvironmentConfig }) => (
  <Card>
    <CardHeader title="PCアプリのダウンロード" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
    <CardContent sx={{ pt: 0 }}>
      <Table size="small" aria-label="PCアプリのダウンロード">
        <TableHead>
          <TableRow>
            <TableCell>プラットフォーム</TableCell>
            <TableCell>環境</TableCell>
            <TableCell>リリース日</TableCell>
            <TableCell>バージョン</TableCell>
            <TableCell>ダウンロード</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {PLATFORMS.map((platform) => (
            <ReleaseRow key={platform} environment={environment} platform={platform} />
          ))}
        </TableBody>
      </Table>
    </CardContent>
  </Card>
);

const JobQueueCard = ({ environment }: { environment: EnvironmentConfig }) => {
  const links = environment.jobQueueLinks ?? [];
  return (
    <Card>
      <CardHeader title="ジョブキュー管理画面" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        {links.length === 0 ? (
          <Typography color="text.secondary">この環境にはジョブキュー管理画面がありません。</Typography>
        ) : (
          <Table size="small" aria-label="ジョブキュー管理画面">
            <TableHead>
              <TableRow>
                <TableCell>サービス</TableCell>
                <TableCell>リンク</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {links.map((link) => (
                <TableRow key={`${link.service}:${link.url}`}>
                  <TableCell component="th" scope="row">
                    {jobQueueServiceName(link.service)}
                  </TableCell>
                  <TableCell>
                    <Link
                      href={link.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                    >
                      {jobQueueLinkText(link)}
                      <Box component="span" sx={visuallyHidden}>
                        （新しいタブで開きます）
                      </Box>
                      <OpenInNewIcon fontSize="inherit" aria-hidden />
                    </Link>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
};

/** The dashboard (spec section 2, Home): PC-app downloads and the job-queue dashboards. */
const HomePage = () => {
  const { environment } = useRuntime();
  return (
    <Box sx={{ display: 'grid', gap: 2, py: 2 }}>
      <Title title="ホーム" />
      <PcAppCard environment={environment} />
      <JobQueueCard environment={environment} />
    </Box>
  );
};

export default HomePage;
