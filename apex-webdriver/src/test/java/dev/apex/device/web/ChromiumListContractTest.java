package dev.apex.device.web;

/** The Device contract on Chromium, starting on a list of 200 buttons, longer than the screen. */
class ChromiumListContractTest extends ChromiumContract {

  @Override
  String startPath() {
    return "/list.html";
  }
}
