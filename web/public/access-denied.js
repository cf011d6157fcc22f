/* global window, document */
// Shows the `error` query parameter as plain text: textContent, never innerHTML, so a crafted link cannot inject markup.
(function () {
  var messages = { authentication_required: 'Your session has ended or you are not signed in. Please sign in again.' };
  var error = new URLSearchParams(window.location.search).get('error');
  var element = document.getElementById('error');
  if (!error || !element) return;
  element.textContent = messages[error] || error.slice(0, 500);
  element.hidden = false;
})();
