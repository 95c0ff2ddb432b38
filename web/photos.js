// The Photos view for a phone: the folder's photos as thumbnails (GET /photos.json, each picture
// from GET /photos/NAME), pick or drop files to upload them one at a time (POST /photos/NAME, the
// file as the body), and a Delete button on each photo of the folder's top level
// (DELETE /photos/NAME). The server decodes a file before it keeps it and answers a refusal with
// one line, shown here. Same session cookie as the wheel and the controls.
'use strict';
(function () {
  const $ = (id) => document.getElementById(id);
  const shown = { photos: [], uploads: 0, errors: 0 };
  window.pixelwheelPhotos = shown;

  function say(text) { $('message').textContent = text; }

  function mib(bytes) { return (bytes / 1048576).toFixed(1) + ' MiB'; }

  async function reason(answer) {
    try { return (await answer.json()).error.message; } catch (e) { return 'HTTP ' + answer.status; }
  }

  async function refresh() {
    const answer = await fetch('/photos.json', { credentials: 'same-origin', cache: 'no-store' });
    if (answer.status === 401) { location.href = '/login'; return; }
    if (!answer.ok) { say(await reason(answer)); return; }
    const listing = await answer.json();
    shown.photos = listing.photos;
    $('usage').textContent = listing.problem ? listing.problem
      : listing.photos.length + ' photos, ' + mib(listing.bytes) + ' of ' + mib(listing.limits.folder) + ' in ' + listing.folder;
    const list = $('photos');
    list.replaceChildren();
    for (const photo of listing.photos) {
      const item = document.createElement('li');
      const label = document.createElement('span');
      label.textContent = (photo.album ? photo.album + ' / ' : '') + photo.name;
      if (!photo.album) {
        const picture = document.createElement('img');
        picture.src = '/photos/' + encodeURIComponent(photo.name);
        picture.alt = photo.name;
        picture.loading = 'lazy';
        item.append(picture);
      }
      item.append(label);
      if (!photo.album) {
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.textContent = 'Delete';
        remove.setAttribute('aria-label', 'Delete ' + photo.name);
        remove.addEventListener('click', () => removePhoto(photo.name));
        item.append(remove);
      }
      list.append(item);
    }
  }

  async function upload(file) {
    say('Uploading ' + file.name + '…');
    const answer = await fetch('/photos/' + encodeURIComponent(file.name), {
      method: 'POST', credentials: 'same-origin', cache: 'no-store', body: file
    });
    if (answer.ok) {
      shown.uploads += 1;
      say('Added ' + file.name);
    } else {
      shown.errors += 1;
      say(file.name + ': ' + await reason(answer));
    }
  }

  async function uploadAll(files) {
    for (const file of files) {
      try { await upload(file); } catch (e) { shown.errors += 1; say(file.name + ': ' + e.message); }
    }
    await refresh();
  }

  async function removePhoto(name) {
    const answer = await fetch('/photos/' + encodeURIComponent(name), { method: 'DELETE', credentials: 'same-origin' });
    say(answer.ok ? 'Deleted ' + name : name + ': ' + await reason(answer));
    await refresh();
  }

  $('pick').addEventListener('change', (event) => uploadAll(Array.from(event.target.files)));
  const drop = $('drop');
  drop.addEventListener('dragover', (event) => { event.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (event) => {
    event.preventDefault();
    drop.classList.remove('over');
    uploadAll(Array.from(event.dataTransfer.files));
  });
  refresh().catch((e) => say(e.message));
})();
