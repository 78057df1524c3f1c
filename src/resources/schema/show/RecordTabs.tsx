import { useId } from 'react';
import { LinkBase, useRecordContext, useResourceContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Box from '@mui/material/Box';
import type { AnyResourceDeclaration, DetailTabDeclaration } from '../../types';
import { specPath } from '../../../lib/specPaths';
import { lazyPage } from '../../../app/lazyPage';
import { GroupedRecordFields } from './RecordFields';
import { useIsAdmin } from '../shared/useIsAdmin';
import { InlineLoading } from '../../../app/InlineLoading';
import { ActiveTabContext } from './activeTab';
import { tabLoader } from './tabViews';

const lazyViews = new WeakMap<DetailTabDeclaration, ReturnType<typeof lazyPage>>();
const tabView = (tab: DetailTabDeclaration) => {
  const load = tabLoader(tab);
  if (!load) return undefined;
  if (!lazyViews.has(tab)) lazyViews.set(tab, lazyPage(load));
  return lazyViews.get(tab);
};

const TabContent = ({ resource, tab }: { resource: AnyResourceDeclaration; tab: DetailTabDeclaration }) => {
  const View = tabView(tab);
  if (View) {
    return (
      <ActiveTabContext.Provider value={tab}>
        <View />
      </ActiveTabContext.Provider>
    );
  }
  return <GroupedRecordFields resource={resource} fields={tab.fields} groups={tab.groups} nonEmptyOnly={tab.nonEmptyOnly} />;
};

/**
 * A record's detail tabs, each its own URL (`/{resource}/{id}/{tab}`) so a tab can be linked to
 * and survives a reload. Real tabs: each names its panel, and the panel names its tab.
 */
export const RecordTabs = ({ resource }: { resource: AnyResourceDeclaration }) => {
  const record = useRecordContext();
  const resourceName = useResourceContext() ?? resource.name;
  const isAdmin = useIsAdmin();
  const baseId = useId();
  const tabs = (resource.show?.tabs ?? []).filter((tab) => !tab.adminOnly || isAdmin);
  const current = useParams()['*'] ?? '';
  const active = tabs.find((tab) => tab.path === current) ?? tabs[0];
  // Loading shows progress in the content, not a blank area.
  if (!record) return <InlineLoading />;
  if (!active) return null;
  const tabId = (tab: DetailTabDeclaration) => `${baseId}-tab-${tab.path || 'detail'}`;
  const panelId = `${baseId}-panel`;
  return (
    <Box>
      <Tabs value={active.path} aria-label={`${resource.recordLabel}のタブ`} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        {tabs.map((tab) => (
          <Tab
            key={tab.path}
            id={tabId(tab)}
            value={tab.path}
            label={tab.label}
            component={LinkBase}
            to={specPath.show(resourceName, record.id, tab.path)}
            aria-controls={tab === active ? panelId : undefined}
            replace
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={panelId} aria-labelledby={tabId(active)} sx={{ pt: 2 }}>
        <TabContent resource={resource} tab={active} />
      </Box>
    </Box>
  );
};
