/**
 * The component gallery's 50 routes (the template demo pages of docs/console.md §2, each with navigation component
 * `component-gallery`), with the line every page opens with: what it shows and where the console uses it, and, for
 * a page named after a library of the template, which of the console's own libraries stands in for it. Pure data:
 * the screen picks the page by route, and a test keeps the list whole.
 */

export type GalleryFamily =
  'views' | 'e-commerce' | 'forms' | 'graphs' | 'maps' | 'misc' | 'layout' | 'tables' | 'ui' | 'widgets';

export interface GalleryRoute {
  family: GalleryFamily;
  /** What the page shows and where the console uses it. */
  what: string;
  /** The template named a library the console does not use: what it uses instead. */
  instead?: string;
}

export const GALLERY_ROUTES = {
  '/views/gallery': {
    family: 'views',
    what: 'The site photos attached to your registers’ records, newest first: the same photos as the Gallery dashboard.',
  },
  '/views/projects': {
    family: 'views',
    what: 'Every project, phase, corridor and package you can see, as cards: the package strip’s data (v_package_detail).',
  },
  '/views/blog': {
    family: 'views',
    what: 'The common messages of the ribbon’s scrolling banner, each as a post you can read whole.',
  },
  '/views/profile': {
    family: 'views',
    what: 'Your own account as the console knows it (the header’s Profile menu), and a change of your password.',
  },
  '/views/timeline': {
    family: 'views',
    what: 'The latest steps of records in your registers, as a timeline: the activity wall’s events.',
  },
  '/views/forum-general': {
    family: 'views',
    what: 'Discussion boards by discipline, laid out as the record history lays out its notes (sample threads).',
  },
  '/views/forum-topic': {
    family: 'views',
    what: 'The threads of one board with their replies and last activity (sample threads).',
  },
  '/views/forum-post': {
    family: 'views',
    what: 'One thread with its posts and a reply form checked as the record form checks its remarks (sample thread; replies stay in this page).',
  },
  '/e-commerce/orders': {
    family: 'e-commerce',
    what: 'Interim payment certificates as an order list: state badges as the registers show them, amounts in Indian grouping (sample IPCs).',
  },
  '/e-commerce/products-view': {
    family: 'e-commerce',
    what: 'Schedule of rates items as cards, searchable by code or description (sample items of package C1-V01).',
  },
  '/e-commerce/products-detail': {
    family: 'e-commerce',
    what: 'One schedule of rates item: its rate, the quantity certified so far against the BOQ, and the bills it was paid in (sample item).',
  },
  '/forms/elements': {
    family: 'forms',
    what: 'The record form’s inputs: text, code, e-mail, phone, amount, date, choice, look-up (real packages and stations), long text and Yes/No.',
  },
  '/forms/layouts': {
    family: 'forms',
    what: 'The same inputs laid out as the console’s forms lay them out: one column on a phone, a grid of columns, sections, and a filter bar.',
  },
  '/forms/form-validation': {
    family: 'forms',
    what: 'A request for inspection (RFI) form checked with react-hook-form and zod: every problem shows under its field at once, as in the record form.',
  },
  '/forms/bootstrap-form-elements': {
    family: 'forms',
    what: 'The template’s Bootstrap elements as the console draws them: sizes, sections inside inputs, read-only and disabled states, radio and check groups.',
    instead: 'Bootstrap is not used here: these are Mantine components.',
  },
  '/forms/bootstrap-validation': {
    family: 'forms',
    what: 'A non-conformance report (NCR) form checked as each field is left, with a rule over two fields (closed after raised), as the registers’ rules work.',
    instead: 'Bootstrap’s validator is not used here: react-hook-form with zod checks the form.',
  },
  '/forms/plugins': {
    family: 'forms',
    what: 'The richer inputs the console uses: date ranges, multi-choice, tags, sliders for progress, and number inputs with units.',
    instead: 'The template’s jQuery plugins are not used here: Mantine and @mantine/dates draw these inputs.',
  },
  '/forms/wizards': {
    family: 'forms',
    what: 'A request for inspection raised step by step: each step checks its own fields before the next one opens.',
  },
  '/forms/dropzone': {
    family: 'forms',
    what: 'The drop zone of a record’s Files tab: the types and size it accepts, refused files with their reason (files stay in this browser here).',
    instead: 'Dropzone.js is not used here: @mantine/dropzone draws it.',
  },
  '/forms/bootstrap-editors': {
    family: 'forms',
    what: 'Long texts as the record form edits them: a growing text box with its character limit, and the three text-cleaning helpers applied as you type.',
    instead: 'The template’s WYSIWYG editors are not used here: long texts are plain text.',
  },
  '/forms/image-editor': {
    family: 'forms',
    what: 'A site photo turned and shrunk before it is sent, as the field forms compress photos taken on a phone (the photo stays in this browser).',
  },
  '/graphs/flot': {
    family: 'graphs',
    what: 'Line and area charts: planned against actual progress of a package (an S-curve), as the dashboards draw them.',
    instead: 'Flot is not used here: @mantine/charts (on recharts) draws the dashboards’ charts.',
  },
  '/graphs/chartjs': {
    family: 'graphs',
    what: 'Bar charts, grouped and stacked, and a radar: RFIs by state per package, as the dashboards draw them (sample series).',
    instead: 'Chart.js is not used here: @mantine/charts (on recharts) draws the dashboards’ charts.',
  },
  '/graphs/morris': {
    family: 'graphs',
    what: 'Donut, area and bar charts: NCRs by category, as the dashboards’ donuts show shares with their figures (sample series).',
    instead: 'Morris.js is not used here: @mantine/charts (on recharts) draws the dashboards’ charts.',
  },
  '/graphs/sparklines': {
    family: 'graphs',
    what: 'Small trend lines inside a table: RFIs raised per week for each package over the last twelve weeks (sample series).',
    instead: 'jQuery Sparklines is not used here: the Sparkline of @mantine/charts draws them.',
  },
  '/graphs/easy-pie-charts': {
    family: 'graphs',
    what: 'Rings and half rings for one figure each: physical progress of each package (sample figures).',
    instead: 'Easy Pie Chart is not used here: Mantine’s RingProgress and SemiCircleProgress draw them.',
  },
  '/graphs/dygraphs': {
    family: 'graphs',
    what: 'A long daily series you can narrow with the brush under it: concrete poured per day on package C1-V01 (sample series).',
    instead: 'Dygraphs is not used here: recharts (under @mantine/charts) draws the chart and its brush.',
  },
  '/graphs/highchart-table': {
    family: 'graphs',
    what: 'A table and the chart drawn from the same rows: IPC amounts certified per month, in Indian grouping (sample figures).',
    instead: 'Highcharts is not used here: @mantine/charts (on recharts) draws the chart.',
  },
  '/maps': {
    family: 'maps',
    what: 'The map dashboard’s corridor diagrams (stations by chainage, without map tiles) and the station master with each station’s chainage.',
    instead: 'The template’s map plugins and map key are not used: the console draws its corridors itself.',
  },
  '/misc/blank': {
    family: 'misc',
    what: 'The frame every screen of the console starts from: its heading, one line on what it is for, and its content below.',
  },
  '/misc/pricing-tables': {
    family: 'misc',
    what: 'Three bids for package C1-V01 side by side, the lowest marked L1, amounts in Indian grouping (sample bids).',
  },
  '/misc/invoice': {
    family: 'misc',
    what: 'An interim payment certificate as it prints: work done, deductions and the net amount payable, in Indian grouping (sample IPC).',
  },
  '/misc/ck-editor': {
    family: 'misc',
    what: 'A letter of the correspondence register composed as plain text, with its preview as it will be read.',
    instead: 'CKEditor is not used here: letters are plain text with a preview.',
  },
  '/misc/search': {
    family: 'misc',
    what: 'Find a screen of the console by its name, or search the documents (the DMS search at /dms/search).',
  },
  '/misc/email-template': {
    family: 'misc',
    what: 'The mail the console sends when a record starts waiting on someone, shown as it reads (a sample RFI).',
  },
  '/smartadmin/app-layouts': {
    family: 'layout',
    what: 'The layout options of the Settings panel, with their rules (a fixed ribbon needs a fixed header …), applied to this console as you switch them.',
  },
  '/smartadmin/skins': {
    family: 'layout',
    what: 'The seven skins of the Settings panel: pick one and the header and the left panel take its colours at once.',
  },
  '/tables/datatables': {
    family: 'tables',
    what: 'The console’s own list: the Station master in the screen engine’s data grid, with its filters, sorting, paging and exports.',
    instead: 'DataTables is not used here: the screen engine’s grid is ag-grid.',
  },
  '/tables/normal-tables': {
    family: 'tables',
    what: 'Plain tables as dashboards and reports draw them: striped, with a sticky header, scrolling inside themselves on a phone (your packages).',
  },
  '/ui/general': {
    family: 'ui',
    what: 'Alerts, badges, notices and confirmations with the console’s own texts, progress bars and tooltips.',
  },
  '/ui/tree-views': {
    family: 'ui',
    what: 'Your menu as a tree: the navigation the left panel builds from your permissions.',
  },
  '/ui/nestable-lists': {
    family: 'ui',
    what: 'A list you put in order: the stations of a corridor in their sequence, moved up and down.',
    instead: 'Nestable is not used here: the list moves items with buttons and the keyboard.',
  },
  '/ui/jquery-ui': {
    family: 'ui',
    what: 'Accordions, tabs, a dialog, a slider, an autocomplete and a date picker, as the console’s screens use them.',
    instead: 'jQuery UI is not used here: these are Mantine components.',
  },
  '/ui/font-awesome': {
    family: 'ui',
    what: 'The icons of the console’s screens and menus, by name, with a filter.',
    instead: 'Font Awesome is not used here: the console’s icons are Tabler icons (@tabler/icons-react).',
  },
  '/ui/flags': {
    family: 'ui',
    what: 'Country flags as the console shows them: the home countries of the contractors and consultants on the packages (sample list).',
    instead:
      'The template’s flag sprite is not used here: flags are Unicode emoji built from the country code, or the code itself where the browser draws no flag emoji.',
  },
  '/ui/glyphicons': {
    family: 'ui',
    what: 'The status and file icons of the registers and the DMS, by name.',
    instead: 'Glyphicons are not used here: the console’s icons are Tabler icons (@tabler/icons-react).',
  },
  '/ui/typography': {
    family: 'ui',
    what: 'Headings, text sizes, lists, quotes, code and highlighted text, as the console’s pages write them.',
  },
  '/ui/grid': {
    family: 'ui',
    what: 'The twelve-column grid the dashboards place their widgets on: one column on a phone, spans side by side from a tablet up.',
  },
  '/ui/buttons': {
    family: 'ui',
    what: 'Buttons and icon buttons as the screens use them: variants, sizes, loading, groups and copy.',
  },
  '/widgets': {
    family: 'widgets',
    what: 'The template’s widgets made to work: your to-do list and the chat (both kept in this browser), with figures and the banner.',
  },
} as const satisfies Record<string, GalleryRoute>;

export type GalleryRouteName = keyof typeof GALLERY_ROUTES;

/** The gallery's entry for `route`, or undefined for a route it has no page for. */
export function galleryRoute(route: string): GalleryRoute | undefined {
  return Object.hasOwn(GALLERY_ROUTES, route) ? GALLERY_ROUTES[route as GalleryRouteName] : undefined;
}
