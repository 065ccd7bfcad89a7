package dev.apex.device.web;

/** The Device contract on Chromium, starting on a page of 5,000 elements. */
class ChromiumBigPageContractTest extends ChromiumContract {

  @Override
  String startPath() {
    return "/big.html";
  }
}
