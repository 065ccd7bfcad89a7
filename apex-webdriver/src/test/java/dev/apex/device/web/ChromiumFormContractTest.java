package dev.apex.device.web;

/** The Device contract on Chromium, starting on a form. */
class ChromiumFormContractTest extends ChromiumContract {

  @Override
  String startPath() {
    return "/form.html";
  }
}
