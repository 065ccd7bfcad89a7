package dev.apex.device.web;

/** The Device contract on Chromium, starting on a modal dialog open over the page. */
class ChromiumDialogContractTest extends ChromiumContract {

  @Override
  String startPath() {
    return "/modal.html";
  }
}
