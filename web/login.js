// The login page: says why the last attempt failed (the server redirects back with ?failed or
// ?locked). The form itself posts to /login without script.
'use strict';
(function () {
  const message = document.getElementById('message');
  const query = location.search;
  if (query === '?failed') message.textContent = 'Wrong password.';
  if (query === '?locked') message.textContent = 'Too many wrong passwords: wait a minute and try again.';
})();
