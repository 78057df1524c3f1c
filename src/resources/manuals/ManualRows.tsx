import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import { formatDate } from '../../contract/dates';
import { excerpt, highlightSegments } from './highlight';
import { manualPaths } from './useManualCategories';

export interface ManualRecord {
  id: number;
  title: string;
  titleShort?: string;
  content: string;
  manualCategoryId: number | null;
  impressionsCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The query's matches in `text`, each in a <mark>. */
export const Highlighted = ({ text, query }: { text: string; query: string }) => (
  <>
    {highlightSegments(text, query).map((segment, index) =>
      segment.match ? (
        <Box component="mark" key={index} sx={{ bgcolor: '#fff3a0', color: 'inherit', px: 0.25, borderRadius: 0.5 }}>
          {segment.text}
        </Box>
      ) : (
        segment.text
      ),
    )}
  </>
);

/** Manuals as a list of links with their view counts and update days (and, for a search, the matches). */
export const ManualRows = ({ manuals, query, label }: { manuals: ManualRecord[]; query?: string; label: string }) => (
  <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
    {manuals.map((manual) => (
      <Box component="li" key={manual.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <ArticleIcon fontSize="small" aria-hidden sx={{ color: 'text.secondary' }} />
          <Link component={RouterLink} to={manualPaths.show(manual.id)} underline="hover" sx={{ fontWeight: 700 }}>
            {query ? <Highlighted text={manual.title} query={query} /> : manual.title}
          </Link>
          <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto', whiteSpace: 'nowrap' }}>
            閲覧数 {manual.impressionsCount.toLocaleString('ja-JP')} ・ 更新 {formatDate(manual.updatedAt)}
          </Typography>
        </Box>
        {query && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, pl: 3.5 }}>
            <Highlighted text={excerpt(manual.content, query)} query={query} />
          </Typography>
        )}
      </Box>
    ))}
  </Box>
);
