// The loading shell of index.html speaks the app's language (issue 30, defect 9): the one chosen
// with the switch, else the first of the browser's that the app speaks (web/src/i18n/index.ts).
// Runs before any of the app's scripts; a plain file, since the page's policy runs no inline script.
(function () {
  try {
    var chosen = localStorage.getItem('language');
    var first = (navigator.languages || [navigator.language])
      .map(function (l) {
        return String(l).toLowerCase().split('-')[0];
      })
      .filter(function (l) {
        return l === 'en' || l === 'zh';
      })[0];
    if ((chosen === 'en' || chosen === 'zh' ? chosen : first) === 'zh') {
      document.documentElement.lang = 'zh-CN';
      document.getElementById('shell-text').textContent = '加载中…';
    }
  } catch (_e) {
    // English, as written.
  }
})();
