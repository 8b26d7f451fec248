/**
 * The single-spa root config (DESIGN §7): the declarative layout in index.html (header, side nav, main,
 * footer) decides which application is mounted where for each URL.
 */
import { registerApplication, start } from 'single-spa';
import { constructApplications, constructLayoutEngine, constructRoutes } from 'single-spa-layout';
import { loadApp } from './load-app';

const template = document.querySelector<HTMLTemplateElement>('#single-spa-layout');
if (!template) throw new Error('index.html has no #single-spa-layout template');
const routes = constructRoutes(template);
const applications = constructApplications({ routes, loadApp: ({ name }) => loadApp(name) });
const layoutEngine = constructLayoutEngine({ routes, applications });
for (const application of applications) registerApplication(application);
layoutEngine.activate();
start({ urlRerouteOnly: true });
