// The look of the dashboard's tab strips (a website's four tabs, a page's four): underlined tabs in one row from sm up,
// two by two on a phone. Four tabs do not fit a 375 px screen in one row, and a strip that scrolled sideways hid its
// last tabs (Ad Performance, Settings) with nothing to say they were there.
export const TAB_LIST_CLASS = 'grid grid-cols-2 border-b border-slate-200 sm:-mb-px sm:flex sm:gap-2';

export const TAB_CLASS =
  'whitespace-nowrap border-b-2 border-transparent px-4 py-2 text-center text-sm font-medium text-slate-600 hover:text-slate-900 focus:outline-none data-[focus]:ring-2 data-[focus]:ring-indigo-500 data-[selected]:border-indigo-600 data-[selected]:text-indigo-700';
